/**
 * The render part of `pnpm bench` (issue 27, "a cheaper render"): per page kind the full render
 * against its React floor (react-floor.ts) and a CPU profile of the full render (render-profile.ts),
 * written to bench/results/render.json, whose `targets` the bench's targets table reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { accessToken, probe, round } from './api';
import { BENCH_CLIENT, ROOT, startNode } from './proc';
import { floorPages, measurePage, preparePage, type FloorRow } from './react-floor';
import { profileFullRender, type RenderBreakdown } from './render-profile';

interface RenderResults {
  date: string;
  seconds_per_run: number;
  pages: FloorRow[];
  profiles: RenderBreakdown[];
  /** The lowest full-of-floor ratio per kind: `render_vs_react_floor_article` / `_list`. */
  targets: {
    name: 'render_vs_react_floor_article' | 'render_vs_react_floor_list';
    value: number;
    target: number;
    unit: 'fraction';
  }[];
}

const RENDER_JSON = path.join(ROOT, 'bench/results/render.json');

/** Starts the API on the demo database, measures every page kind in this process, writes render.json. */
export async function benchRender(
  env: Record<string, string>,
  port: number,
  seconds: number,
  profile: boolean,
): Promise<RenderResults> {
  console.log('› full render vs the React floor (in-process, recorded API answers)');
  const api = await startNode(
    'apps/api/dist/server.js',
    { API_PORT: String(port), ...env },
    port,
    '/api/get_category',
  );
  const rows: FloorRow[] = [];
  const profiles: RenderBreakdown[] = [];
  try {
    const { articleId } = await probe(api.url, await accessToken(api.url));
    for (const page of floorPages(articleId)) {
      const prepared = await preparePage(page, api.url, BENCH_CLIENT);
      const row = await measurePage(prepared, seconds);
      rows.push(row);
      console.log(
        `  ${row.page}: full ${row.full_rps}/s (${row.full_ms} ms), floor ${row.floor_rps}/s (${row.floor_ms} ms), full/floor ${row.full_of_floor}`,
      );
      if (profile) profiles.push(await profileFullRender(prepared, seconds));
    }
  } finally {
    await api.stop();
  }
  const lowest = (kind: FloorRow['kind']) =>
    round(Math.min(...rows.filter((r) => r.kind === kind).map((r) => r.full_of_floor)), 3);
  const results: RenderResults = {
    date: new Date().toISOString(),
    seconds_per_run: seconds,
    pages: rows,
    profiles,
    targets: [
      { name: 'render_vs_react_floor_article', value: lowest('article'), target: 0.5, unit: 'fraction' },
      { name: 'render_vs_react_floor_list', value: lowest('list'), target: 0.5, unit: 'fraction' },
    ],
  };
  fs.mkdirSync(path.dirname(RENDER_JSON), { recursive: true });
  fs.writeFileSync(RENDER_JSON, JSON.stringify(results, null, 2) + '\n');
  return results;
}
