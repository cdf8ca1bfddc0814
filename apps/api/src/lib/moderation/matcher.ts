import { SENSITIVE_LEVELS, type SensitiveLevel } from '@portal/api-client/admin-resources';
import { Automaton } from './automaton';
import { normalize } from './normalize';

/**
 * The sensitive-word matcher (issue 26): a dictionary's words, normalised like the text
 * (`normalize.ts`), in one Aho-Corasick automaton (`automaton.ts`). `find` answers each hit with its
 * place in the original text; `maskText` replaces the `mask` hits. Built once per dictionary
 * version; pure, no I/O.
 */

export interface DictEntry {
  id: number;
  word: string;
  level: SensitiveLevel;
  /** What a `mask` hit is replaced with ('': one * per character). */
  replacement: string;
}

export interface Hit {
  entry: DictEntry;
  /** UTF-16 offsets of the hit in the original text: `text.slice(start, end)` is what was written. */
  start: number;
  end: number;
}

export interface Matcher {
  /** How many words the automaton holds. */
  readonly size: number;
  /** Every hit: per position the longest word of each level ending there, in text order. */
  find(text: string): Hit[];
}

/** Hits kept per text: a text made only of dictionary words stays bounded in memory. */
export const MAX_HITS = 100_000;

const CLASS: Record<SensitiveLevel, number> = { block: 0, review: 1, mask: 2 };

/** Builds the matcher of `entries`; entries whose word normalises to nothing are left out. */
export function buildMatcher(entries: readonly DictEntry[]): Matcher {
  const kept: { entry: DictEntry; length: number; chars: Uint32Array }[] = [];
  for (const entry of entries) {
    const n = normalize(entry.word);
    if (n.length > 0) kept.push({ entry, length: n.length, chars: n.chars.subarray(0, n.length) });
  }
  const automaton = new Automaton(
    kept.map((k) => ({ chars: k.chars, cls: CLASS[k.entry.level] })),
    SENSITIVE_LEVELS.length,
  );
  return {
    size: kept.length,
    find(text) {
      if (kept.length === 0 || text.length === 0) return [];
      const n = normalize(text);
      const hits: Hit[] = [];
      automaton.scan(n.chars, n.length, (pattern, end) => {
        if (hits.length >= MAX_HITS) return;
        const k = kept[pattern]!;
        hits.push({ entry: k.entry, start: n.starts[end - k.length + 1]!, end: n.ends[end]! });
      });
      // Reported by end position; in text order by start for readers and for masking.
      return hits.sort((a, b) => a.start - b.start || b.end - a.end);
    },
  };
}

export interface MaskRun {
  start: number;
  end: number;
  replacement: string;
}

/**
 * The runs of `text` its `mask` hits replace, in order: overlapping hits merge into one run; a run
 * of one hit with a replacement becomes that replacement, any other run one * per character.
 */
export function maskRuns(text: string, hits: readonly Hit[]): MaskRun[] {
  const runs: { start: number; end: number; replacement: string | null }[] = [];
  for (const h of hits) {
    if (h.entry.level !== 'mask') continue;
    const last = runs[runs.length - 1];
    if (last && h.start < last.end) {
      if (h.end > last.end) {
        last.end = h.end;
        last.replacement = null;
      }
    } else {
      runs.push({ start: h.start, end: h.end, replacement: h.entry.replacement || null });
    }
  }
  return runs.map((r) => ({
    start: r.start,
    end: r.end,
    replacement: r.replacement ?? '*'.repeat([...text.slice(r.start, r.end)].length),
  }));
}

/** `text` with `runs` replaced. */
export function applyRuns(text: string, runs: readonly MaskRun[]): string {
  let out = '';
  let at = 0;
  for (const r of runs) {
    out += text.slice(at, r.start) + r.replacement;
    at = r.end;
  }
  return out + text.slice(at);
}
