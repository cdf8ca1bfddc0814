/**
 * The scale databases of `pnpm bench`: a million articles on SQLite (bench/.data/sqlite-scale) and on
 * PostgreSQL (database portal_bench_scale), seeded once by the API's own seeder (`pnpm seed
 * --articles`, `--daily-views`) and reused by later runs; and the PostgreSQL demo-size database
 * they are compared with (portal_bench_demo, fresh each run).
 */
import pg from 'pg';
import { round, type ApiRow } from './api';
import { freshPgDatabase, run } from './proc';

const PG_BASE =
  process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Days of daily view rows on the PostgreSQL scale database (the default retention). */
const SCALE_DAYS = 400;

/** The URL of PostgreSQL database `name` (created when missing); null when PostgreSQL is unreachable. */
export async function ensurePgDatabase(name: string, fresh = false): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_BASE });
  try {
    await client.connect();
    if (fresh) return await freshPgDatabase(PG_BASE, name);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`create database ${name}`);
  } catch (e) {
    console.log(`  PostgreSQL unavailable (${(e as Error).message}); skipping the PostgreSQL runs`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on a PostgreSQL database of the bench (maintenance and facts, never the API's work). */
export async function pgQuery<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Published articles of a database (0 when it has no tables yet). */
async function pgArticles(url: string): Promise<number> {
  const rows = await pgQuery<{ n: string }>(
    url,
    "select case when to_regclass('articles') is null then 0 else (select count(*) from articles) end as n",
  ).catch(() => [{ n: '0' }]);
  return Number(rows[0]?.n ?? 0);
}

/** Seeds `env`'s database up to `articles` articles with the API's scale seeder; reused when it has them. */
export async function ensureArticles(
  env: Record<string, string>,
  label: string,
  articles: number,
  count: () => Promise<number>,
): Promise<void> {
  const total = await count();
  if (total >= articles) return;
  console.log(`› seeding ${label} to ${articles} articles (once; reused by later runs)`);
  const started = Date.now();
  await run('pnpm', ['--filter', 'api', 'seed', '--articles', String(articles - total)], env);
  console.log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`);
}

export const pgArticleCount = (url: string) => () => pgArticles(url);

/** The newsroom's day (Asia/Shanghai) `back` days before today. */
export const shanghaiDay = (back = 0) =>
  new Date(Date.now() + 8 * 3600_000 - back * 86_400_000).toISOString().slice(0, 10);

export interface DailyViewsShape {
  days: number;
  rows: number;
  /** Distinct articles read on an average day, and rows a day. */
  articles_per_day: number;
  rows_per_day: number;
  views: number;
  first_day: string;
  last_day: string;
}

async function dailyShape(url: string): Promise<DailyViewsShape | null> {
  const [row] = await pgQuery<{
    days: string;
    rows: string;
    views: string | null;
    pairs: string;
    first_day: string | null;
    last_day: string | null;
  }>(
    url,
    `select count(distinct day) as days, count(*) as rows, sum(views) as views,
       count(distinct (article_id, day)) as pairs, min(day) as first_day, max(day) as last_day
     from article_views_daily`,
  );
  if (!row?.first_day || !row.last_day) return null;
  const days = Number(row.days);
  return {
    days,
    rows: Number(row.rows),
    articles_per_day: Math.round(Number(row.pairs) / days),
    rows_per_day: Math.round(Number(row.rows) / days),
    views: Number(row.views),
    first_day: row.first_day,
    last_day: row.last_day,
  };
}

/**
 * SCALE_DAYS days of daily view rows ending today (`pnpm seed --daily-views`): reused when the
 * database has them, generated again when it ends on another day (the dashboard reads today's).
 */
export async function ensureDailyViews(env: Record<string, string>, url: string): Promise<DailyViewsShape> {
  const shape = await dailyShape(url);
  if (shape && shape.last_day === shanghaiDay(0) && shape.first_day <= shanghaiDay(SCALE_DAYS - 1))
    return shape;
  console.log(`› generating ${SCALE_DAYS} days of daily view rows (replaces the table; a few minutes)`);
  const started = Date.now();
  await run('pnpm', ['--filter', 'api', 'seed', '--daily-views', String(SCALE_DAYS)], env);
  console.log(`  generated in ${Math.round((Date.now() - started) / 1000)} s`);
  const made = await dailyShape(url);
  if (!made) throw new Error('seed --daily-views wrote no rows');
  return made;
}

export interface ScaleRatio {
  call: string;
  p50_ratio: number;
  p95_ratio: number;
  p99_ratio: number;
  rps_ratio: number;
}

/** Each call at scale over the same call at demo size on the same database kind (1 = no growth in cost). */
export function scaleRatios(small: ApiRow[], large: ApiRow[]): ScaleRatio[] {
  return large.map((row, i) => ({
    call: row.call,
    p50_ratio: round(row.p50 / Math.max(small[i]!.p50, 0.01), 2),
    p95_ratio: round(row.p95 / Math.max(small[i]!.p95, 0.01), 2),
    p99_ratio: round(row.p99 / Math.max(small[i]!.p99, 0.01), 2),
    rps_ratio: round(row.rps / Math.max(small[i]!.rps, 1), 2),
  }));
}
