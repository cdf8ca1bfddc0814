import { performance } from 'node:perf_hooks';
import { textOfHtml } from './html';
import { buildMatcher, maskRuns, type DictEntry } from './matcher';

/**
 * `pnpm --filter api bench:moderation` (run by bench/src/moderation.ts): the sensitive-word check
 * against a 100,000-word dictionary, on a 1 MB article (its HTML's text) and a 10 KB form answer.
 * Prints one JSON line. Deterministic input (a seeded generator), so runs compare.
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

/**
 * The median CPU time of `work` in ms: the process's own CPU time, not the wall clock, so other
 * work on a shared machine (this one often runs at a load of 10+) does not count.
 */
function median(runs: number, work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.cpuUsage();
    work();
    const used = process.cpuUsage(started);
    times.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(runs / 2)]! * 100) / 100;
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

let hits = 0;
const articleMs = median(9, () => {
  const { text } = textOfHtml(html);
  const found = matcher.find(text);
  maskRuns(text, found);
  hits = found.length;
});
const formMs = median(201, () => {
  maskRuns(form, matcher.find(form));
});

console.log(
  JSON.stringify({
    words: matcher.size,
    build_ms: buildMs,
    heap_mib: heapMiB,
    article_bytes: Buffer.byteLength(html),
    article_hits: hits,
    article_ms: articleMs,
    article_target_ms: 50,
    form_bytes: Buffer.byteLength(form),
    form_ms: formMs,
    form_target_ms: 1,
  }),
);
