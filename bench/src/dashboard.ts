/**
 * The back office's 数据概览 dashboard timed as an editor uses it (issue 25): each of its calls
 * sequentially, one at a time, by a signed-in editor, p50 / p95 / p99 (target p95 200 ms).
 */
import { ADMIN_SESSION_COOKIE } from '@portal/api-client/admin';
import type { StatsOverview } from '@portal/api-client/stats';
import { load1, percentiles } from './load';
import { run } from './proc';
import { shanghaiDay } from './scale';

export interface DashboardRow {
  call: string;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  n: number;
  /** 1-minute load average when the calls ended. */
  load1: number;
}

const EDITOR = { username: 'bench-stats', password: 'bench-stats-pass-2026' };
/** Calls per endpoint: at most this many, or fewer when they take longer than BUDGET_MS together. */
const MAX_CALLS = 100;
const MIN_CALLS = 20;
const BUDGET_MS = 20_000;
const WARMUP = 3;

/** An editor for the dashboard on the database of `env` (the CLI answers non-zero when it exists: fine). */
export async function ensureBenchEditor(env: Record<string, string>): Promise<void> {
  const args = ['admin', 'editor', 'add', EDITOR.username, '--role', 'editor', '--password', EDITOR.password];
  await run('pnpm', ['--filter', 'api', '-s', ...args], env).catch(() => undefined);
}

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/admin/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EDITOR),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${ADMIN_SESSION_COOKIE}=`));
  if (!res.ok || !cookie) throw new Error(`bench editor sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

async function get(base: string, cookie: string, url: string): Promise<unknown> {
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return res.json();
}

async function timeCall(base: string, cookie: string, call: string, url: string): Promise<DashboardRow> {
  for (let i = 0; i < WARMUP; i++) await get(base, cookie, url);
  const times: number[] = [];
  const began = performance.now();
  while (times.length < MAX_CALLS && (times.length < MIN_CALLS || performance.now() - began < BUDGET_MS)) {
    const t0 = performance.now();
    await get(base, cookie, url);
    times.push(performance.now() - t0);
  }
  const [p50, p95, p99] = percentiles(times, [0.5, 0.95, 0.99]);
  return { call, p50_ms: p50!, p95_ms: p95!, p99_ms: p99!, n: times.length, load1: load1() };
}

/**
 * Every call the dashboard and an article's statistics page make: the overview, the range list
 * over 7, 30 and 400 days, and the most read article of today over the default 30 days and 400.
 */
export async function timeDashboard(base: string, cookie: string): Promise<DashboardRow[]> {
  const overview = (await get(base, cookie, '/admin/api/stats/overview')) as StatsOverview;
  const articleId = overview.topToday[0]?.id ?? overview.topWeek[0]?.id;
  const range = (days: number) => `from=${shanghaiDay(days - 1)}&to=${shanghaiDay(0)}`;
  const calls: [string, string][] = [
    ['stats/overview', '/admin/api/stats/overview'],
    ...[7, 30, 400].map((d): [string, string] => [
      `stats/articles (${d} days)`,
      `/admin/api/stats/articles?${range(d)}`,
    ]),
  ];
  if (articleId !== undefined) {
    calls.push([`stats/articles/:id (30 days)`, `/admin/api/stats/articles/${articleId}`]);
    calls.push([`stats/articles/:id (400 days)`, `/admin/api/stats/articles/${articleId}?${range(400)}`]);
  }
  const rows: DashboardRow[] = [];
  for (const [call, url] of calls) {
    const row = await timeCall(base, cookie, call, url);
    console.log(
      `  ${call}: p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms, p99 ${row.p99_ms} ms (${row.n} calls, load ${row.load1})`,
    );
    rows.push(row);
  }
  return rows;
}
