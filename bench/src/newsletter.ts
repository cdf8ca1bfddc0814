import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROOT } from './proc';

/** One newsletter issue sent through the outbox (issue 25), as `pnpm --filter api bench:newsletter` measures it. */
export interface NewsletterResult {
  messages: number;
  seconds: number;
  per_second: number;
  peak_rss_mib: number;
  rss_first_quarter_mib: number;
  rss_last_quarter_mib: number;
}

/**
 * Sends to NEWSLETTER_BENCH_COUNT (default 100,000) subscribers in a process of its own and writes
 * bench/results/newsletter.json. Alone: `pnpm --filter bench exec tsx src/newsletter.ts`.
 */
export async function benchNewsletter(): Promise<NewsletterResult> {
  const count = process.env.NEWSLETTER_BENCH_COUNT ?? '100000';
  console.log(`› newsletter through the outbox (${count} subscribers)`);
  const { stdout } = await promisify(execFile)('pnpm', ['--filter', 'api', '-s', 'bench:newsletter', count], {
    cwd: ROOT,
    maxBuffer: 1024 * 1024,
  });
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '') as NewsletterResult;
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'newsletter.json'), JSON.stringify(result, null, 2) + '\n');
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchNewsletter().then(
    (r) => console.log(r),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
