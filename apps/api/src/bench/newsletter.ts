import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { batchSizeFor } from '../plugins/newsletter';
import { startSend } from '../repositories/newsletter';
import { seedNewsletterBench } from '../seed/newsletter-bench';

/**
 * `pnpm --filter api bench:newsletter [count]`: one issue sent to `count` (default 100,000)
 * subscribers through the outbox on a fresh SQLite database, as one process sends it. Prints one
 * JSON line: messages per second and the RSS along the send, read at 10 %, 25 %, 50 %, 75 % and
 * 100 % of the list, so a memory that grows with the list shows (it must stay flat: the queue is
 * read a batch at a time, the issue rendered once per pass). With `--expose-gc` (as `pnpm bench`
 * runs it) each checkpoint also reads the heap after a full collection: what the sender retains.
 */
const count = Number(process.argv[2] ?? 100_000);
/** Messages per minute high enough that the pacing never sleeps: this measures the sender, not the limit. */
const RATE = 1_000_000;
const CHECKPOINTS = [0.1, 0.25, 0.5, 0.75, 1];
const mib = (b: number) => Math.round(b / 2 ** 20);
const gc = (globalThis as { gc?: () => void }).gc;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsletter-bench-'));
const app = await buildApp({
  dataDir,
  databaseUrl: '',
  seed: false,
  logLevel: 'silent',
  newsletterRatePerMin: RATE,
  newsletterIntervalMs: 0,
  tokenSecret: 'newsletter-bench-secret',
});
try {
  const reportId = await seedNewsletterBench(app.database, count);
  await startSend(app.database, reportId, 'bench', Date.now());
  let peak = process.memoryUsage().rss;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
  const perBatch = batchSizeFor(RATE);
  const samples: {
    sent: number;
    seconds: number;
    rss_mib: number;
    heap_used_mib: number;
    heap_after_gc_mib: number | null;
  }[] = [];
  const started = performance.now();
  let sent = 0;
  // The same sender, stopped at each checkpoint (a pass of whole batches) to read the memory there.
  for (const at of CHECKPOINTS) {
    const target = Math.round(count * at);
    if (target <= sent) continue;
    const pass = await app.newsletter.runOnce({ maxBatches: Math.ceil((target - sent) / perBatch) });
    if (pass.failed > 0) throw new Error(`${pass.failed} messages failed`);
    sent += pass.sent;
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const mem = process.memoryUsage();
    peak = Math.max(peak, mem.rss);
    gc?.();
    samples.push({
      sent,
      seconds,
      rss_mib: mib(mem.rss),
      heap_used_mib: mib(mem.heapUsed),
      heap_after_gc_mib: gc ? mib(process.memoryUsage().heapUsed) : null,
    });
    if (pass.sent === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sample);
  const files = fs.readdirSync(path.join(dataDir, 'mail-outbox')).filter((f) => f.endsWith('.eml')).length;
  console.log(
    JSON.stringify({
      messages: sent,
      outbox_files: files,
      seconds: Math.round(seconds * 10) / 10,
      per_second: Math.round(sent / seconds),
      peak_rss_mib: mib(peak),
      rss: samples,
    }),
  );
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
