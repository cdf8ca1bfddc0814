/**
 * An Aho-Corasick automaton over code points (issue 26), written here rather than taken from npm:
 * the packages (modern-ahocorasick, ahocorasick) match UTF-16 strings and return each match's end
 * and word strings, while the moderation matcher needs to run over the normalised code points of
 * `normalize.ts` (whose offsets map back to the original) and to report per position only the
 * longest word of each level, which keeps a scan linear even for nested words (a, aa, aaa… over
 * aaaa…).
 *
 * Layout, for a scan that stays in the CPU caches (a 1 MB article against 100,000 words): states
 * are numbered breadth first, so the shallow states every scan keeps returning to sit together at
 * the front of each array, and a state's children are consecutive states sorted by character, so a
 * transition is a search in a few adjacent entries (no hash table: its random probes into a table
 * of megabytes were most of the scan's time). All typed arrays, no per-state objects.
 */

export interface AutomatonPattern {
  /** Normalised code points, at least one. */
  chars: ArrayLike<number>;
  /** 0 ≤ class < classes: a hit reports the longest pattern of each class ending at a position. */
  cls: number;
}

/** Children lists up to this long are searched one by one, longer ones by bisection. */
const LINEAR = 8;
/**
 * 32-bit words of a state's filter of the characters it has a transition on (4: 128 bits). Twice
 * as many saved about a tenth of a scan's time in the bench, for 5 MB more at 100,000 words.
 */
const BLOOM_WORDS = 4;
/** The filter's bit of a character: word (c >>> 5) & (BLOOM_WORDS - 1), bit c & 31. */
const bloomWord = (state: number, c: number) => state * BLOOM_WORDS + ((c >>> 5) & (BLOOM_WORDS - 1));

/**
 * The trie while it is built: states in the order words create them, transitions in an
 * open-addressing hash table (the final automaton does without one), children as linked lists.
 */
class TrieBuilder {
  private readonly keyState: Int32Array;
  private readonly keyChar: Uint32Array;
  private readonly target: Int32Array;
  private readonly mask: number;
  private readonly shift: number;
  /** Per state: its first child, its next sibling (in no order), the character into it. */
  readonly child: Int32Array;
  readonly sibling: Int32Array;
  readonly edge: Uint32Array;
  states = 1;

  constructor(capacity: number) {
    let cap = 16;
    let bits = 4;
    while (cap < capacity * 2) {
      cap *= 2;
      bits++;
    }
    this.mask = cap - 1;
    this.shift = 32 - bits;
    this.keyState = new Int32Array(cap);
    this.keyChar = new Uint32Array(cap);
    this.target = new Int32Array(cap);
    this.child = new Int32Array(capacity).fill(-1);
    this.sibling = new Int32Array(capacity).fill(-1);
    this.edge = new Uint32Array(capacity);
  }

  /** The state `state` goes to on `c`, created if new. */
  step(state: number, c: number): number {
    // Fibonacci hashing: the high bits of the product (the low ones would cluster).
    let i = Math.imul(Math.imul(state + 1, 0x9e3779b1) ^ c, 0x85ebca77) >>> this.shift;
    const key = state + 1;
    for (;;) {
      const k = this.keyState[i]!;
      if (k === 0) break;
      if (k === key && this.keyChar[i] === c) return this.target[i]!;
      i = (i + 1) & this.mask;
    }
    const t = this.states++;
    this.keyState[i] = key;
    this.keyChar[i] = c;
    this.target[i] = t;
    this.edge[t] = c;
    this.sibling[t] = this.child[state]!;
    this.child[state] = t;
    return t;
  }
}

/** The trie's states renumbered breadth first, a state's children consecutive in character order. */
function breadthFirst(trie: TrieBuilder) {
  const states = trie.states;
  /** old[new number]: the state in the trie. */
  const old = new Int32Array(states);
  const parent = new Int32Array(states);
  const first = new Int32Array(states + 1);
  const via = new Uint32Array(states);
  /** A child as one sortable number: its character above its trie state (both exact in a double). */
  const keys = new Float64Array(states);
  let next = 1;
  for (let s = 0; s < states; s++) {
    first[s] = next;
    let count = 0;
    for (let t = trie.child[old[s]!]!; t !== -1; t = trie.sibling[t]!)
      keys[count++] = trie.edge[t]! * 2 ** 32 + t;
    if (count > 1) keys.subarray(0, count).sort();
    for (let k = 0; k < count; k++) {
      const t = keys[k]! % 2 ** 32;
      old[next] = t;
      parent[next] = s;
      via[next] = trie.edge[t]!;
      next++;
    }
  }
  first[states] = next;
  return { states, first, via, parent, old };
}

export class Automaton {
  /** The children of state s are the states first[s] ≤ t < first[s + 1]. */
  private readonly first: Int32Array;
  /** The character on the edge into each state (the root's is unused). */
  private readonly via: Uint32Array;
  /**
   * BLOOM_WORDS per state, a bit set for each character it has a transition on (by the character's
   * low bits): most lookups that would miss are answered here, without searching the children.
   */
  private readonly bloom: Uint32Array;
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

    const trie = new TrieBuilder(total);
    const ownOf = new Int32Array(total).fill(-1);
    for (const [index, p] of patterns.entries()) {
      let s = 0;
      for (let i = 0; i < p.chars.length; i++) s = trie.step(s, p.chars[i]!);
      // One pattern per normalised word: the first wins (the dictionary keeps them unique anyway).
      if (ownOf[s] === -1) ownOf[s] = index;
    }

    const { states, first, via, parent, old } = breadthFirst(trie);
    this.states = states;
    this.first = first;
    this.via = via;

    this.root = new Int32Array(0x10000).fill(-1);
    this.known = new Uint8Array(0x10000);
    this.bloom = new Uint32Array(states * BLOOM_WORDS);
    for (let t = 1; t < states; t++) {
      const c = this.via[t]!;
      if (c < 0x10000) {
        this.known[c] = 1;
        if (parent[t] === 0) this.root[c] = t;
      }
      this.bloom[bloomWord(parent[t]!, c)]! |= 1 << (c & 31);
    }

    // Failure links in breadth-first order, which is now the states' own order.
    this.fail = new Int32Array(states);
    this.best = new Int32Array(states * classes).fill(-1);
    this.outputs = new Uint8Array(states);
    for (let s = 0; s < states; s++) {
      if (s !== 0) {
        const p = parent[s]!;
        let f = 0;
        if (p !== 0) {
          const c = this.via[s]!;
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
      const mine = ownOf[old[s]!]!;
      if (mine >= 0) {
        this.best[s * classes + patterns[mine]!.cls] = mine;
        this.outputs[s] = 1;
      }
    }
  }

  /** The transition of `state` on `c`, or -1. */
  private go(state: number, c: number): number {
    if (state === 0 && c < 0x10000) return this.root[c]!;
    if ((this.bloom[bloomWord(state, c)]! & (1 << (c & 31))) === 0) return -1;
    const { via } = this;
    let lo = this.first[state]!;
    let hi = this.first[state + 1]!;
    while (hi - lo > LINEAR) {
      const mid = (lo + hi) >>> 1;
      if (via[mid]! <= c) lo = mid;
      else hi = mid;
    }
    for (let t = lo; t < hi; t++) if (via[t] === c) return t;
    return -1;
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
