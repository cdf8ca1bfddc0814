/**
 * An Aho-Corasick automaton over code points (issue 26), written here rather than taken from npm:
 * the packages (modern-ahocorasick, ahocorasick) match UTF-16 strings and return each match's end
 * and word strings, while the moderation matcher needs to run over the normalised code points of
 * `normalize.ts` (whose offsets map back to the original) and to report per position only the
 * longest word of each level, which keeps a scan linear even for nested words (a, aa, aaa… over
 * aaaa…). Transitions live in one open-addressing hash table of typed arrays: 100,000 words
 * take a few MB and no per-state objects.
 */

const EMPTY = 0;

export interface AutomatonPattern {
  /** Normalised code points, at least one. */
  chars: ArrayLike<number>;
  /** 0 ≤ class < classes: a hit reports the longest pattern of each class ending at a position. */
  cls: number;
}

export class Automaton {
  private readonly keyState: Int32Array;
  private readonly keyChar: Uint32Array;
  private readonly next: Int32Array;
  private readonly mask: number;
  private readonly shift: number;
  /**
   * 128 bits per state, one set for each character it has a transition on (by the character's low
   * 7 bits): most lookups that would miss are answered here, without touching the hash table.
   */
  private bloom: Uint32Array = new Uint32Array(0);
  /** The root's transitions on BMP characters, read directly (most failure chains end there). */
  private readonly root: Int32Array;
  private readonly fail: Int32Array;
  /** best[state * classes + cls]: the longest pattern of that class ending at the state (-1 none). */
  private readonly best: Int32Array;
  /** Whether a state (or a suffix of it) ends any pattern. */
  private readonly outputs: Uint8Array;
  /** Characters of the BMP that begin no transition anywhere: the scan resets at once. */
  private readonly known: Uint8Array;
  readonly states: number;

  constructor(
    patterns: readonly AutomatonPattern[],
    private readonly classes: number,
  ) {
    let total = 1;
    for (const p of patterns) total += p.chars.length;
    let cap = 16;
    let bits = 4;
    while (cap < total * 2) {
      cap *= 2;
      bits++;
    }
    this.mask = cap - 1;
    this.shift = 32 - bits;
    this.root = new Int32Array(0x10000).fill(-1);
    this.keyState = new Int32Array(cap);
    this.keyChar = new Uint32Array(cap);
    this.next = new Int32Array(cap);
    this.known = new Uint8Array(0x10000);

    // The trie: each state but the root has one parent and one incoming character.
    const parent = new Int32Array(total);
    const via = new Uint32Array(total);
    const depth = new Int32Array(total);
    const own = new Int32Array(total).fill(-1);
    let states = 1;
    for (const [index, p] of patterns.entries()) {
      let s = 0;
      for (let i = 0; i < p.chars.length; i++) {
        const c = p.chars[i]!;
        let t = this.go(s, c);
        if (t < 0) {
          t = states++;
          parent[t] = s;
          via[t] = c;
          depth[t] = depth[s]! + 1;
          this.put(s, c, t);
          if (c < 0x10000) this.known[c] = 1;
        }
        s = t;
      }
      // One pattern per normalised word: the first wins (the dictionary keeps them unique anyway).
      if (own[s] === -1) own[s] = index;
    }
    this.states = states;
    this.bloom = new Uint32Array(states * 4);
    for (let t = 1; t < states; t++) {
      const c = via[t]!;
      this.bloom[parent[t]! * 4 + ((c >>> 5) & 3)]! |= 1 << (c & 31);
    }

    // Failure links in breadth-first order (by depth: a counting sort of the states).
    const counts = new Int32Array(states + 1);
    for (let s = 0; s < states; s++) counts[depth[s]! + 1]!++;
    for (let d = 1; d <= states; d++) counts[d]! += counts[d - 1]!;
    const order = new Int32Array(states);
    for (let s = 0; s < states; s++) order[counts[depth[s]!]!++] = s;

    this.fail = new Int32Array(states);
    this.best = new Int32Array(states * classes).fill(-1);
    this.outputs = new Uint8Array(states);
    for (const s of order) {
      if (s !== 0) {
        const p = parent[s]!;
        let f = 0;
        if (p !== 0) {
          const c = via[s]!;
          let g = this.fail[p]!;
          for (;;) {
            const t = this.go(g, c);
            if (t >= 0) {
              f = t;
              break;
            }
            if (g === 0) break;
            g = this.fail[g]!;
          }
        }
        this.fail[s] = f;
        for (let k = 0; k < classes; k++) this.best[s * classes + k] = this.best[f * classes + k]!;
        this.outputs[s] = this.outputs[f]!;
      }
      const mine = own[s]!;
      if (mine >= 0) {
        this.best[s * classes + patterns[mine]!.cls] = mine;
        this.outputs[s] = 1;
      }
    }
  }

  /** Fibonacci hashing: the high bits of the product (the low ones would cluster). */
  private slot(state: number, c: number): number {
    return Math.imul(Math.imul(state + 1, 0x9e3779b1) ^ c, 0x85ebca77) >>> this.shift;
  }

  private put(state: number, c: number, target: number): void {
    if (state === 0 && c < 0x10000) this.root[c] = target;
    let i = this.slot(state, c);
    while (this.keyState[i] !== EMPTY) i = (i + 1) & this.mask;
    this.keyState[i] = state + 1;
    this.keyChar[i] = c;
    this.next[i] = target;
  }

  /** The transition of `state` on `c`, or -1. */
  private go(state: number, c: number): number {
    if (state === 0 && c < 0x10000) return this.root[c]!;
    if ((this.bloom[state * 4 + ((c >>> 5) & 3)]! & (1 << (c & 31))) === 0 && this.bloom.length > 0)
      return -1;
    let i = this.slot(state, c);
    const key = state + 1;
    for (;;) {
      const k = this.keyState[i]!;
      if (k === EMPTY) return -1;
      if (k === key && this.keyChar[i] === c) return this.next[i]!;
      i = (i + 1) & this.mask;
    }
  }

  /**
   * Runs over `chars[0..length)` and calls `onHit(pattern, end)` with the longest pattern of each
   * class ending at `end` (the index of its last character). At most `classes` calls per character.
   * Answers the transitions it looked up: at most 2 × length (each failure step undoes one earlier
   * forward step), which the tests check on hostile dictionaries.
   */
  scan(chars: Uint32Array, length: number, onHit: (pattern: number, end: number) => void): number {
    const { known, fail, outputs, best, classes } = this;
    let s = 0;
    let steps = 0;
    for (let i = 0; i < length; i++) {
      const c = chars[i]!;
      if (c < 0x10000 && known[c] === 0) {
        s = 0;
        continue;
      }
      for (;;) {
        steps++;
        const t = this.go(s, c);
        if (t >= 0) {
          s = t;
          break;
        }
        if (s === 0) break;
        s = fail[s]!;
      }
      if (outputs[s] === 0) continue;
      for (let k = 0; k < classes; k++) {
        const p = best[s * classes + k]!;
        if (p >= 0) onHit(p, i);
      }
    }
    return steps;
  }
}
