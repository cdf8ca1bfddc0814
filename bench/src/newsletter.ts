import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { load1 } from './load';
import { ROOT } from './proc';

/** One newsletter issue sent through the outbox (issue 25), as `pnpm --filter api bench:newsletter` measures it. */
export interface NewsletterResult {
  messages: number;
  /** .eml files in DATA_DIR/mail-outbox afterwards (one per message). */
  outbox_files: number;
  seconds: number;
  per_second: number;
  peak_rss_mib: number;
  /** The sender's memory as the send went on (at 10 %, 25 %, 50 %, 75 %, 100 % of the list). */
  rss: {
    sent: number;
    seconds: number;
    rss_mib: number;
    heap_used_mib: number;
    /** The heap after a full collection there: what the sender keeps (flat when nothing grows with the list). */
    heap_after_gc_mib: number | null;
  }[];
  /** 1-minute load average when the send ended. */
  load1: number;
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
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() },
  });
  const result: NewsletterResult = {
    ...(JSON.parse(stdout.trim().split('\n').pop() ?? '') as Omit<NewsletterResult, 'load1'>),
    load1: load1(),
  };
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
