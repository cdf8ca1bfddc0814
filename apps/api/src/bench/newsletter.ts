import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { startSend } from '../repositories/newsletter';
import { seedNewsletterBench } from '../seed/newsletter-bench';

/**
 * `pnpm --filter api bench:newsletter [count]`: one issue sent to `count` (default 100,000)
 * subscribers through the outbox on a fresh SQLite database, as one process sends it. Prints one
 * JSON line: messages per second and the RSS over the send (flat: the queue is read a batch at a
 * time, the issue rendered once).
 */
const count = Number(process.argv[2] ?? 100_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsletter-bench-'));
const app = await buildApp({
  dataDir,
  databaseUrl: '',
  seed: false,
  logLevel: 'silent',
  newsletterRatePerMin: 1_000_000,
  newsletterIntervalMs: 0,
  tokenSecret: 'newsletter-bench-secret',
});
try {
  const reportId = await seedNewsletterBench(app.database, count);
  await startSend(app.database, reportId, 'bench', Date.now());
  const rss: number[] = [];
  const sample = setInterval(() => rss.push(process.memoryUsage().rss), 250);
  const started = performance.now();
  const pass = await app.newsletter.runOnce();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sample);
  const mib = (b: number) => Math.round(b / 2 ** 20);
  const quarter = Math.floor(rss.length / 4);
  console.log(
    JSON.stringify({
      messages: pass.sent,
      seconds: Math.round(seconds * 10) / 10,
      per_second: Math.round(pass.sent / seconds),
      peak_rss_mib: mib(Math.max(...rss)),
      // Flat, not growing with the list: the RSS after the first quarter against the last quarter's.
      rss_first_quarter_mib: mib(Math.max(...rss.slice(0, Math.max(1, quarter)))),
      rss_last_quarter_mib: mib(Math.max(...rss.slice(-Math.max(1, quarter)))),
    }),
  );
} finally {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
