/**
 * What members wrote, made safe to print on an operator's terminal: escape sequences (colours,
 * cursor moves, window titles, clipboard writes via OSC 52, hyperlinks), other C0/C1 control
 * characters and bidirectional overrides (which make text read in a different order than it is
 * stored) are removed; tabs and line breaks become spaces, so one field never forges a row.
 * A single pass over the text (no pattern that could backtrack).
 */
export function printable(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === ESC) {
      i = endOfEscape(text, i);
    } else if (c === CSI_8BIT) {
      i = endOfCsi(text, i + 1);
    } else if (c === OSC_8BIT || c === DCS_8BIT || c === SOS_8BIT || c === PM_8BIT || c === APC_8BIT) {
      i = endOfString(text, i + 1);
    } else if (c === 0x09 || c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) {
      out += ' ';
    } else if (!isControl(c) && !BIDI.has(c)) {
      out += text[i];
    }
  }
  return out;
}

const ESC = 0x1b;
const BEL = 0x07;
const CSI_8BIT = 0x9b;
const OSC_8BIT = 0x9d;
const DCS_8BIT = 0x90;
const SOS_8BIT = 0x98;
const PM_8BIT = 0x9e;
const APC_8BIT = 0x9f;
const ST_8BIT = 0x9c;

/** Embeddings, overrides, isolates and the invisible direction marks. */
const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c <= 0x9f);

/** Index of the last character of the escape sequence that starts with ESC at `at`. */
function endOfEscape(text: string, at: number): number {
  const next = text[at + 1];
  if (next === '[') return endOfCsi(text, at + 2);
  // OSC, DCS, SOS, PM, APC: a string up to BEL or ST.
  if (next === ']' || next === 'P' || next === 'X' || next === '^' || next === '_') {
    return endOfString(text, at + 2);
  }
  // Any other escape is ESC plus one character (or a lone ESC at the end).
  return Math.min(at + 1, text.length - 1);
}

/** CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E. */
function endOfCsi(text: string, from: number): number {
  let i = from;
  while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x3f) i++;
  while (i < text.length && text.charCodeAt(i) >= 0x20 && text.charCodeAt(i) <= 0x2f) i++;
  if (i < text.length && text.charCodeAt(i) >= 0x40 && text.charCodeAt(i) <= 0x7e) return i;
  // Unterminated: drop what was read; the rest prints (without the introducer it is plain text).
  return i - 1;
}

/** A control string: up to and including BEL, ST (ESC \) or the 8-bit ST; to the end if unterminated. */
function endOfString(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BEL || c === ST_8BIT) return i;
    // ESC \ is ST; any other ESC ends the string and starts a sequence of its own.
    if (c === ESC) return text[i + 1] === '\\' ? i + 1 : i - 1;
  }
  return text.length - 1;
}
