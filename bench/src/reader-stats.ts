/**
 * Reader statistics (issue 25): what per-day counting costs `article_pv` (the same call with
 * STATS_RETENTION_DAYS=400 against 0, which counts no daily rows; target within 10 %), and the
 * dashboard's queries (p50 / p95 of sequential calls by a signed-in editor; target p95 200 ms).
 * `pnpm --filter bench bench:stats` runs this part alone on the demo database.
 */
import { accessToken, round } from './api';
import { ensureBenchEditor, signIn, timeDashboard, type DashboardRow } from './dashboard';
import { load, type LoadResult } from './load';
import { startNode, type Server } from './proc';

export interface ReaderStatsResult {
  label: string;
  /** article_pv with a referrer and a device, daily counting on and off: each the mean of two runs (off, on, on, off). */
  pageview: { with_daily: LoadResult; without_daily: LoadResult; rps_ratio: number };
  /** Sequential calls of the dashboard's endpoints. */
  dashboard: DashboardRow[];
}

async function pageviewLoad(server: Server, articleId: number, seconds: number): Promise<LoadResult> {
  const token = await accessToken(server.url);
  const body = JSON.stringify({ id: articleId, ref: 'https://m.baidu.com/s?word=bench', device: 'phone' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  return load({ url: `${server.url}/api/article_pv`, method: 'POST', body, headers }, seconds);
}

/** The mean of each figure over runs of the same load (errors added up). */
function mean(runs: LoadResult[]): LoadResult {
  const avg = (f: (r: LoadResult) => number, d = 1) =>
    round(runs.reduce((s, r) => s + f(r), 0) / runs.length, d);
  return {
    rps: avg((r) => r.rps, 0),
    p50: avg((r) => r.p50),
    p95: avg((r) => r.p95),
    p99: avg((r) => r.p99),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    load1: avg((r) => r.load1, 2),
  };
}

/** Runs on the database of `env` (an existing DATA_DIR / DATABASE_URL) with ports from `port()`. */
export async function benchReaderStats(
  label: string,
  env: Record<string, string>,
  port: () => number,
  seconds: number,
): Promise<ReaderStatsResult> {
  console.log(`› reader statistics (${label})`);
  await ensureBenchEditor(env);
  const on = (extra: Record<string, string>) => {
    const p = port();
    return startNode(
      'apps/api/dist/server.js',
      { API_PORT: String(p), ...env, ...extra },
      p,
      '/api/get_category',
    );
  };
  let articleId = 1;
  const runs: Record<'with_daily' | 'without_daily', LoadResult[]> = { with_daily: [], without_daily: [] };
  // Off, on, on, off: a machine getting busier or quieter during the runs weighs on both alike.
  for (const key of ['without_daily', 'with_daily', 'with_daily', 'without_daily'] as const) {
    const days = key === 'with_daily' ? '400' : '0';
    const server = await on({ STATS_RETENTION_DAYS: days });
    try {
      const token = await accessToken(server.url);
      const list = await fetch(`${server.url}/api/cate_list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ cat_id: 0, page: 1, pageSize: 1 }),
      });
      articleId = ((await list.json()) as { data: { id: number }[] }).data[0]?.id ?? articleId;
      const r = await pageviewLoad(server, articleId, seconds);
      runs[key].push(r);
      console.log(`  article_pv, daily ${days === '0' ? 'off' : 'on'}: ${r.rps} req/s, p99 ${r.p99} ms`);
    } finally {
      await server.stop();
    }
  }
  const results = { with_daily: mean(runs.with_daily), without_daily: mean(runs.without_daily) };
  const server = await on({});
  let dashboard: ReaderStatsResult['dashboard'];
  try {
    dashboard = await timeDashboard(server.url, await signIn(server.url));
  } finally {
    await server.stop();
  }
  const { with_daily, without_daily } = results;
  return {
    label,
    pageview: { with_daily, without_daily, rps_ratio: round(with_daily.rps / without_daily.rps) },
    dashboard,
  };
}
