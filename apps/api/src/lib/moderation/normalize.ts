/// <reference path="./opencc.d.ts" />
import HKVariantsRev from 'opencc-js/dict/HKVariantsRev';
import TSCharacters from 'opencc-js/dict/TSCharacters';
import TWVariantsRev from 'opencc-js/dict/TWVariantsRev';

/**
 * Text as the sensitive-word matcher sees it (issue 26): each character of the original goes
 * through NFKC (full-width → half-width, compatibility forms, circled letters), lower case and
 * Traditional → Simplified (OpenCC's character tables, shipped by opencc-js); spaces, punctuation,
 * symbols, marks and control or invisible characters are dropped as noise. Each kept character
 * remembers the original character it came from, so a hit maps back to its place in the text.
 *
 * Per character, not per string: a whole-string NFKC or OpenCC phrase conversion may merge or
 * reorder characters and lose the offsets. OpenCC's phrase tables are not used for the same
 * reason (their T→S phrases almost all agree with the character table anyway).
 */

/** An entry of the per-code-point table: 0 unknown yet, NOISE dropped, MANY several code points. */
const UNKNOWN = 0;
const NOISE = -1;
const MANY = -2;

/** Separators, controls, format/invisible (zero-width), private use, unassigned, punctuation, symbols, marks. */
const NOISE_CLASS = /^[\p{Z}\p{C}\p{P}\p{S}\p{M}]$/u;

function tableOf(...dicts: string[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const dict of dicts) {
    for (const entry of dict.split('|')) {
      const [from, to] = entry.split(' ');
      if (from && to && [...from].length === 1 && [...to].length === 1) map.set(from, to);
    }
  }
  return map;
}

let simplified: Map<string, string> | null = null;
/** Traditional (and its Taiwan and Hong Kong variants) → Simplified, one character to one. */
function toSimplified(ch: string): string {
  if (!simplified) {
    const ts = tableOf(TSCharacters);
    const variants = tableOf(TWVariantsRev, HKVariantsRev);
    for (const [variant, standard] of variants)
      if (!ts.has(variant)) ts.set(variant, ts.get(standard) ?? standard);
    simplified = ts;
  }
  return simplified.get(ch) ?? ch;
}

/** The normalised code points of one original character (empty: noise). */
function normalizeChar(ch: string): number[] {
  const out: number[] = [];
  for (const c of ch.normalize('NFKC').toLowerCase()) {
    if (NOISE_CLASS.test(c)) continue;
    // Lower case again: NFKC may yield a capital from a compatibility form (Ⓐ → A).
    const s = toSimplified(c).toLowerCase();
    for (const x of s) out.push(x.codePointAt(0)!);
  }
  return out;
}

/** The Basic Multilingual Plane, filled as characters are met (256 KB). */
const bmp = new Int32Array(0x10000);
/** Expansions of BMP characters into several code points (NFKC of ㈱, ﬁ…). */
const expansions = new Map<number, number[]>();
/** Characters outside the BMP (emoji, rare ideographs), bounded. */
const astral = new Map<number, number[]>();
const ASTRAL_CACHE = 50_000;

/** A BMP character: its one normalised code point + 1, NOISE, or MANY (see `expansions`). */
function lookupBmp(cp: number): number {
  let v = bmp[cp]!;
  if (v !== UNKNOWN) return v;
  const result = normalizeChar(String.fromCharCode(cp));
  v = result.length === 0 ? NOISE : result.length === 1 ? result[0]! + 1 : MANY;
  if (v === MANY) expansions.set(cp, result);
  bmp[cp] = v;
  return v;
}

function lookupAstral(cp: number): number[] {
  let result = astral.get(cp);
  if (!result) {
    result = normalizeChar(String.fromCodePoint(cp));
    if (astral.size < ASTRAL_CACHE) astral.set(cp, result);
  }
  return result;
}

export interface Normalized {
  /** The normalised code points. */
  chars: Uint32Array;
  /** For each, the UTF-16 offset where its original character starts and where it ends. */
  starts: Uint32Array;
  ends: Uint32Array;
  length: number;
}

/** `text` normalised for matching, with each character's place in the original. Linear in the text. */
export function normalize(text: string): Normalized {
  // NFKC expands a character into at most 18 code points; most texts keep their length or shrink.
  let cap = text.length + 16;
  let chars = new Uint32Array(cap);
  let starts = new Uint32Array(cap);
  let ends = new Uint32Array(cap);
  let n = 0;
  const push = (c: number, start: number, end: number) => {
    if (n === cap) {
      cap *= 2;
      const grow = (a: Uint32Array) => {
        const b = new Uint32Array(cap);
        b.set(a);
        return b;
      };
      chars = grow(chars);
      starts = grow(starts);
      ends = grow(ends);
    }
    chars[n] = c;
    starts[n] = start;
    ends[n] = end;
    n++;
  };
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (cp < 0x80) {
      // ASCII: letters (lower case) and digits kept, everything else is noise.
      if ((cp >= 0x61 && cp <= 0x7a) || (cp >= 0x30 && cp <= 0x39)) push(cp, i, i + 1);
      else if (cp >= 0x41 && cp <= 0x5a) push(cp + 32, i, i + 1);
    } else if (width === 1) {
      const v = lookupBmp(cp);
      if (v > 0) push(v - 1, i, i + 1);
      else if (v === MANY) for (const c of expansions.get(cp)!) push(c, i, i + 1);
    } else {
      for (const c of lookupAstral(cp)) push(c, i, i + 2);
    }
    i += width;
  }
  return { chars, starts, ends, length: n };
}

/** A dictionary word's normalised form as text (its identity: two words with one form are one). */
export function normalizedWord(word: string): string {
  const { chars, length } = normalize(word);
  return String.fromCodePoint(...chars.subarray(0, length));
}
