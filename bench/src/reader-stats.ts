/**
 * Reader statistics (issue 25): what per-day counting costs `article_pv` (the same call with
 * STATS_RETENTION_DAYS=400 against 0, which counts no daily rows; target within 10 %), and the
 * dashboard's queries (p50 / p95 of sequential calls by a signed-in editor; target p95 200 ms).
 * `pnpm --filter bench bench:stats` runs this part alone on the demo database.
 */
import { ADMIN_SESSION_COOKIE } from '@portal/api-client/admin';
import { accessToken, round } from './api';
import { load, type LoadResult } from './load';
import { run, startNode, type Server } from './proc';

export interface ReaderStatsResult {
  label: string;
  /** article_pv with a referrer and a device, daily counting on and off. */
  pageview: { with_daily: LoadResult; without_daily: LoadResult; rps_ratio: number };
  /** Sequential calls of the dashboard's endpoints. */
  dashboard: { call: string; p50_ms: number; p95_ms: number; n: number }[];
}

const EDITOR = { username: 'bench-stats', password: 'bench-stats-pass-2026' };
const DASHBOARD_CALLS = 40;

async function pageviewLoad(server: Server, articleId: number, seconds: number): Promise<LoadResult> {
  const token = await accessToken(server.url);
  const body = JSON.stringify({ id: articleId, ref: 'https://m.baidu.com/s?word=bench', device: 'phone' });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  return load({ url: `${server.url}/api/article_pv`, method: 'POST', body, headers }, seconds);
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EDITOR),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${ADMIN_SESSION_COOKIE}=`));
  if (!res.ok || !cookie) throw new Error(`bench editor sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function timeCalls(base: string, cookie: string, call: string, url: string) {
  const times: number[] = [];
  for (let i = 0; i < DASHBOARD_CALLS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return {
    call,
    p50_ms: round(percentile(times, 0.5), 1),
    p95_ms: round(percentile(times, 0.95), 1),
    n: times.length,
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
  // An editor for the dashboard (the CLI answers non-zero when it exists already: fine).
  await run(
    'pnpm',
    [
      '--filter',
      'api',
      'admin',
      'editor',
      'add',
      EDITOR.username,
      '--role',
      'editor',
      '--password',
      EDITOR.password,
    ],
    env,
  ).catch(() => undefined);
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
  const results: Partial<ReaderStatsResult['pageview']> = {};
  // Off first, then on: the on run writes daily rows the dashboard then reads.
  for (const [key, days] of [
    ['without_daily', '0'],
    ['with_daily', '400'],
  ] as const) {
    const server = await on({ STATS_RETENTION_DAYS: days });
    try {
      const token = await accessToken(server.url);
      const list = await fetch(`${server.url}/api/cate_list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ cat_id: 0, page: 1, pageSize: 1 }),
      });
      articleId = ((await list.json()) as { data: { id: number }[] }).data[0]?.id ?? articleId;
      results[key] = await pageviewLoad(server, articleId, seconds);
      console.log(
        `  article_pv, daily ${days === '0' ? 'off' : 'on'}: ${results[key].rps} req/s, p99 ${results[key].p99} ms`,
      );
    } finally {
      await server.stop();
    }
  }
  const server = await on({});
  let dashboard: ReaderStatsResult['dashboard'];
  try {
    const cookie = await signIn(server.url);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() + 8 * 3600_000 - 29 * 86_400_000).toISOString().slice(0, 10);
    dashboard = [
      await timeCalls(server.url, cookie, 'stats/overview', '/admin/api/stats/overview'),
      await timeCalls(
        server.url,
        cookie,
        'stats/articles (30 days)',
        `/admin/api/stats/articles?from=${monthAgo}&to=${today}`,
      ),
      await timeCalls(server.url, cookie, 'stats/articles/:id', `/admin/api/stats/articles/${articleId}`),
    ];
    for (const d of dashboard) console.log(`  ${d.call}: p50 ${d.p50_ms} ms, p95 ${d.p95_ms} ms`);
  } finally {
    await server.stop();
  }
  const { with_daily, without_daily } = results as ReaderStatsResult['pageview'];
  return {
    label,
    pageview: { with_daily, without_daily, rps_ratio: round(with_daily.rps / without_daily.rps) },
    dashboard,
  };
}
