/**
 * `pnpm --filter bench bench:render`: the React floor part of `pnpm bench` alone (react-floor.ts),
 * on the demo database (bench/.data/demo, seeded on first start), into bench/results/render.json.
 * Flags: --seconds N (per render loop, default 4), --no-profile.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './proc';
import { benchRender } from './render-bench';

async function main() {
  // The gateway runs React in production mode (bench/src/proc.ts starts it so); React picks its
  // build when first loaded, which happens after this line (react-floor.ts loads it lazily).
  process.env.NODE_ENV = 'production';
  for (const f of [
    'apps/api/dist/server.js',
    'apps/desktop/build/server/index.js',
    'apps/mobile/build/server/index.js',
  ]) {
    if (!fs.existsSync(path.join(ROOT, f))) throw new Error(`${f} is missing: run pnpm build first`);
  }
  const args = process.argv.slice(2);
  const i = args.indexOf('--seconds');
  const seconds = i >= 0 ? Number(args[i + 1]) : 4;
  const env = { DATA_DIR: path.join(ROOT, 'bench/.data/demo'), DATABASE_URL: '', SEED: 'demo' };
  await benchRender(env, 3961, seconds, !args.includes('--no-profile'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
