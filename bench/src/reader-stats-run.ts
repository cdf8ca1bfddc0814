/**
 * `pnpm --filter bench bench:stats`: the reader statistics part of `pnpm bench` alone, on the demo
 * database (bench/.data/demo, seeded on first start), into bench/results/stats.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './proc';
import { benchReaderStats } from './reader-stats';

async function main() {
  if (!fs.existsSync(path.join(ROOT, 'apps/api/dist/server.js'))) throw new Error('run pnpm build first');
  const args = process.argv.slice(2);
  const i = args.indexOf('--seconds');
  const seconds = i >= 0 ? Number(args[i + 1]) : 6;
  let next = 3951;
  const dataDir = path.join(ROOT, 'bench/.data/demo');
  const r = await benchReaderStats(
    'SQLite, demo data',
    { DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'demo' },
    () => next++,
    seconds,
  );
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'stats.json'),
    JSON.stringify({ date: new Date().toISOString(), seconds_per_run: seconds, ...r }, null, 2) + '\n',
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
