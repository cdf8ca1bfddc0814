import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROOT } from './proc';

/** CPU time of one check over measured runs, after unmeasured warm-up runs. */
interface Timing {
  warmup: number;
  runs: number;
  min_ms: number;
  median_ms: number;
  p95_ms: number;
}

/** The sensitive-word check (issue 26), as `pnpm --filter api bench:moderation` measures it. */
export interface ModerationResult {
  words: number;
  build_ms: number;
  heap_mib: number;
  /** The machine's 1, 5 and 15 minute load averages when the check ran (the machine is shared). */
  load: number[];
  article_bytes: number;
  article_hits: number;
  /** sha256 of the article's hits and mask runs: a faster matcher must answer the same. */
  article_digest: string;
  /** Median CPU ms of checking (text of the HTML, matching, masking) the 1 MB article. */
  article_ms: number;
  article: Timing;
  article_target_ms: number;
  form_bytes: number;
  /** Median CPU ms of checking the 10 KB form answer. */
  form_ms: number;
  form: Timing;
  form_target_ms: number;
}

/**
 * Runs the check in a process of its own (the matcher is the API's server code) and writes
 * bench/results/moderation.json. Alone: `pnpm --filter bench exec tsx src/moderation.ts`.
 */
export async function benchModeration(): Promise<ModerationResult> {
  console.log('› sensitive-word check (100,000 words)');
  const { stdout } = await promisify(execFile)('pnpm', ['--filter', 'api', '-s', 'bench:moderation'], {
    cwd: ROOT,
    maxBuffer: 1024 * 1024,
  });
  const line = stdout.trim().split('\n').pop() ?? '';
  const result = JSON.parse(line) as ModerationResult;
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'moderation.json'), JSON.stringify(result, null, 2) + '\n');
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchModeration().then(
    (r) => console.log(r),
    (e: unknown) => {
      console.error(e);
      process.exit(1);
    },
  );
}
