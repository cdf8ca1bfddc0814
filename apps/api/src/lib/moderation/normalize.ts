// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the untyped dictionaries' declarations must come along into every program that compiles this file (the gateway hosts the API)
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

/** The normalised code points as they are written, in arrays that double when full. */
class Sink {
  chars: Uint32Array;
  starts: Uint32Array;
  ends: Uint32Array;
  length = 0;

  constructor(capacity: number) {
    this.chars = new Uint32Array(capacity);
    this.starts = new Uint32Array(capacity);
    this.ends = new Uint32Array(capacity);
  }

  push(c: number, start: number, end: number): void {
    const n = this.length;
    if (n === this.chars.length) this.grow();
    this.chars[n] = c;
    this.starts[n] = start;
    this.ends[n] = end;
    this.length = n + 1;
  }

  private grow(): void {
    const double = (a: Uint32Array) => {
      const b = new Uint32Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.chars = double(this.chars);
    this.starts = double(this.starts);
    this.ends = double(this.ends);
  }
}

/**
 * `text` normalised for matching, with each character's place in the original. Linear in the text;
 * a BMP character (ASCII included) costs one read of the `bmp` table once it has been met.
 */
export function normalize(text: string): Normalized {
  // NFKC expands a character into at most 18 code points; most texts keep their length or shrink.
  const out = new Sink(text.length + 16);
  for (let i = 0; i < text.length;) {
    const unit = text.charCodeAt(i);
    // A high surrogate begins a pair when a low one follows; alone, it is a BMP code unit (noise).
    const cp = unit >= 0xd800 && unit <= 0xdbff ? text.codePointAt(i)! : unit;
    if (cp <= 0xffff) {
      let v = bmp[cp]!;
      if (v === UNKNOWN) v = lookupBmp(cp);
      if (v > 0) out.push(v - 1, i, i + 1);
      else if (v === MANY) for (const c of expansions.get(cp)!) out.push(c, i, i + 1);
      i++;
    } else {
      for (const c of lookupAstral(cp)) out.push(c, i, i + 2);
      i += 2;
    }
  }
  return out;
}

/** A dictionary word's normalised form as text (its identity: two words with one form are one). */
export function normalizedWord(word: string): string {
  const { chars, length } = normalize(word);
  return String.fromCodePoint(...chars.subarray(0, length));
}
