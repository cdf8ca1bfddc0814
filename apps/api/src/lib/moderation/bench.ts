import { createHash } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { textOfHtml } from './html';
import { buildMatcher, maskRuns, type DictEntry } from './matcher';

/**
 * `pnpm --filter api bench:moderation` (run by bench/src/moderation.ts): the sensitive-word check
 * against a 100,000-word dictionary, on a 1 MB article (its HTML's text) and a 10 KB form answer.
 * Prints one JSON line: min / median / p95 CPU ms, the machine's load, and a hash of what the check
 * found. Deterministic input (a seeded generator), so runs compare.
 */

let seed = 20261126;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
/** Common CJK ideographs and some Latin: words and text share an alphabet, as real ones do. */
const char = () =>
  random() < 0.9
    ? String.fromCharCode(0x4e00 + Math.floor(random() * 3000))
    : String.fromCharCode(0x61 + Math.floor(random() * 26));
const wordOf = (min: number, max: number) =>
  Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, char).join('');

const LEVELS = ['block', 'review', 'mask'] as const;

const ms = (x: number) => Math.round(x * 1000) / 1000;

/**
 * CPU time of `work` in ms over `runs` measured runs, after `warmup` unmeasured ones (the JIT's
 * tiers and the normaliser's per-character table settle in those). The process's own CPU time,
 * not the wall clock, so other work on a shared machine (this one often runs at a load of 10+)
 * does not count. Its shape is ModerationResult's `article` and `form` in bench/src/moderation.ts.
 */
function measure(warmup: number, runs: number, work: () => void) {
  for (let i = 0; i < warmup; i++) work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.cpuUsage();
    work();
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(runs - 1, Math.ceil(q * runs) - 1)]!;
  return { warmup, runs, min_ms: ms(times[0]!), median_ms: ms(at(0.5)), p95_ms: ms(at(0.95)) };
}

const entries: DictEntry[] = Array.from({ length: 100_000 }, (_, i) => ({
  id: i + 1,
  word: wordOf(2, 6),
  level: LEVELS[i % 3]!,
  replacement: '',
}));
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const matcher = buildMatcher(entries);
const buildMs = Math.round(performance.now() - started);
const heapMiB = Math.round((process.memoryUsage().heapUsed - heapBefore) / 2 ** 20);

/** A paragraph: random text with a dictionary word now and then, some spaced out. */
const paragraph = (chars: number) => {
  let out = '';
  while (out.length < chars) {
    out += wordOf(20, 60);
    if (random() < 0.3) {
      const w = entries[Math.floor(random() * entries.length)]!.word;
      out += random() < 0.5 ? w : [...w].join(' ');
    }
    out += '，';
  }
  return out;
};
let html = '';
while (Buffer.byteLength(html) < 1024 * 1024)
  html += `<p>${paragraph(400)}</p><p><strong>${wordOf(5, 10)}</strong></p>`;
const form = paragraph(3400).slice(0, 3400); // ~10 KB of UTF-8

/** The check of the article as the API does it: the text of its HTML, the hits, the mask runs. */
const checkArticle = () => {
  const { text } = textOfHtml(html);
  const found = matcher.find(text);
  return { found, runs: maskRuns(text, found) };
};

/**
 * What the check answered on the article, as one hash: every hit (word, offsets) and mask run.
 * A faster matcher must keep it: the same input gives the same answer.
 */
const { found, runs } = checkArticle();
const digest = createHash('sha256')
  .update(found.map((h) => `${h.entry.id}:${h.start}:${h.end}`).join(','))
  .update('|')
  .update(runs.map((r) => `${r.start}:${r.end}:${r.replacement}`).join(','))
  .digest('hex');

const article = measure(5, 31, checkArticle);
const formAnswer = measure(50, 501, () => maskRuns(form, matcher.find(form)));

console.log(
  JSON.stringify({
    words: matcher.size,
    build_ms: buildMs,
    heap_mib: heapMiB,
    load: os.loadavg().map((x) => Math.round(x * 100) / 100),
    article_bytes: Buffer.byteLength(html),
    article_hits: found.length,
    article_digest: digest,
    article_ms: article.median_ms,
    article,
    article_target_ms: 50,
    form_bytes: Buffer.byteLength(form),
    form_ms: formAnswer.median_ms,
    form: formAnswer,
    form_target_ms: 1,
  }),
);
