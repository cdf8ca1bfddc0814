import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files shipped with the seed (the demo mp4 clips live in `src/seed/assets`). Under tsx they sit
 * beside this module; in the tsup bundle (`dist/app.js`) this module's URL is the bundle's, so the
 * build must copy `src/seed/assets/*` to `dist/seed-assets/` — and as a last resort we walk up to
 * the package root. `SEED_ASSETS_DIR` overrides both.
 */
export const SHIPPED_ASSETS = ['demo.mp4', 'demo2.mp4'] as const;

export function findAssetsDir(): string {
  const probe = SHIPPED_ASSETS[0];
  const candidates: string[] = [];
  if (process.env.SEED_ASSETS_DIR) candidates.push(process.env.SEED_ASSETS_DIR);
  const here = path.dirname(fileURLToPath(import.meta.url));
  candidates.push(path.join(here, 'assets'), path.join(here, 'seed-assets'));
  for (let dir = here, i = 0; i < 6; i++, dir = path.dirname(dir)) {
    candidates.push(path.join(dir, 'src', 'seed', 'assets'), path.join(dir, 'dist', 'seed-assets'));
  }
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, probe)));
  if (!found) {
    throw new Error(
      `Seed assets (${probe}) not found; looked in: ${candidates.join(', ')}. Set SEED_ASSETS_DIR.`,
    );
  }
  return found;
}
