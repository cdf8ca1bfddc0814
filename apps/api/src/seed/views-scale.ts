import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import { NewsStatus } from '@portal/api-client/constants';
import type { Db } from '../db/index';
import type { DB } from '../db/schema';
import { formatDate } from '../lib/time';
import { rebuildViewRollups } from '../repositories/views-daily';
import { writeTx } from '../repositories/write-tx';
import { rngFor, type Rng } from './random';
import { DEVICE_WEIGHTS, SOURCE_WEIGHTS, weighted } from './reader-stats';

/**
 * The daily view rows of a benchmark database (`pnpm seed --daily-views DAYS`, issue 25): DAYS days
 * ending today over every published article, shaped like a news site's readers. The published
 * articles, in id order, are taken as published evenly over the DAYS days (a million over 400
 * days: 2,500 a day). On each day readers read:
 * - every article of that day (its appeal: 3 to 1,200 views, most articles few, some many),
 * - half of the day before's, at a third of their appeal,
 * - 1,000 of the twelve days before, fading with age, the recent ones more often,
 * - 300 old ones from anywhere before (search engines' long tail), 1 to 20 views each;
 * weekends at 0.6, each article's day spread over at most 8 sources × devices by their weights.
 * That is about 5,000 articles and 25,000 rows a day, 10 million rows over 400 days.
 * Replaces every daily row of the database; deterministic for the same articles and day.
 */

const DAY_MS = 86_400_000;
/** Source and device buckets one article's day is spread over at most (as the demo's rows). */
const BUCKETS = 8;
const DAY_BEFORE_SHARE = 0.5;
const FADING = { articles: 1000, fromAge: 2, ages: 12 };
const TAIL = { articles: 300, maxViews: 20 };
/** Rows per insert statement: 5 parameters each, under SQLite's 32,766 and PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 5000;

type Row = Insertable<DB['article_views_daily']>;

/** One article's views on one day spread over up to BUCKETS source × device rows. */
function spread(rng: Rng, rows: Row[], articleId: number, day: string, total: number): void {
  const buckets = new Map<string, Row>();
  const k = Math.min(total, BUCKETS);
  for (let b = 0; b < k; b++) {
    const source = weighted(SOURCE_WEIGHTS, rng.float());
    const device = weighted(DEVICE_WEIGHTS, rng.float());
    const views = Math.floor(total / k) + (b < total % k ? 1 : 0);
    const key = `${source}|${device}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.views = Number(bucket.views) + views;
    else buckets.set(key, { article_id: articleId, day, source, device, views });
  }
  rows.push(...buckets.values());
}

export interface DailyViewsSeed {
  days: number;
  rows: number;
  views: number;
  articlesPerDay: number;
}

export async function seedDailyViews(
  database: Db,
  options: { days: number; now?: number; log?: (msg: string) => void },
): Promise<DailyViewsSeed> {
  const log = options.log ?? (() => {});
  const days = Math.max(1, Math.floor(options.days));
  const now = options.now ?? Date.now();
  const published = await database.db
    .selectFrom('articles')
    .select('id')
    .where('status', '=', NewsStatus.Published)
    .orderBy('id')
    .execute();
  const ids = Int32Array.from(published, (r) => Number(r.id));
  const n = ids.length;
  if (n === 0) throw new Error('seed --daily-views: no published articles');
  const rng = rngFor(`daily-views-${days}`);
  const appeal = Float32Array.from({ length: n }, () => 3 + Math.pow(rng.float(), 3) * 1200);
  /** First index (into ids) of the articles taken as published on day `d` (d = days: the end). */
  const sliceStart = (d: number) => Math.floor((Math.max(0, Math.min(days, d)) * n) / days);
  const slice = (d: number) => [sliceStart(d), sliceStart(d + 1)] as const;

  await database.db.deleteFrom('article_views_daily').execute();
  await writeTx(database, rebuildViewRollups);
  let rowsWritten = 0;
  let viewsWritten = 0;
  let articlesRead = 0;
  const began = Date.now();
  for (let d = 0; d < days; d++) {
    const t = now - (days - 1 - d) * DAY_MS;
    const day = formatDate(t);
    const weekday = new Date(t + 8 * 3600_000).getUTCDay();
    const rhythm = weekday === 0 || weekday === 6 ? 0.6 : 1;
    const read = new Map<number, number>();
    const add = (i: number, views: number) => {
      const v = Math.round(views * rhythm * (0.7 + rng.float() * 0.6));
      if (v > 0) read.set(i, (read.get(i) ?? 0) + v);
    };
    const [from, to] = slice(d);
    for (let i = from; i < to; i++) add(i, appeal[i]!);
    const [yFrom, yTo] = slice(d - 1);
    if (d > 0) for (let i = yFrom; i < yTo; i++) if (rng.chance(DAY_BEFORE_SHARE)) add(i, appeal[i]! / 3);
    for (let j = 0; j < FADING.articles && d >= FADING.fromAge; j++) {
      const age = FADING.fromAge + Math.floor(FADING.ages * rng.float() ** 2);
      const [aFrom, aTo] = slice(d - age);
      if (d - age < 0 || aTo <= aFrom) continue;
      const i = rng.int(aFrom, aTo - 1);
      add(i, (appeal[i]! * 0.1) / (age - 1));
    }
    const oldEnd = sliceStart(d - FADING.fromAge - FADING.ages);
    for (let j = 0; j < TAIL.articles && oldEnd > 0; j++) {
      const i = rng.int(0, oldEnd - 1);
      read.set(i, (read.get(i) ?? 0) + 1 + Math.floor(rng.float() ** 4 * TAIL.maxViews));
    }
    const rows: Row[] = [];
    for (const [i, total] of read) spread(rng, rows, ids[i]!, day, total);
    await writeTx(database, async (trx) => {
      for (let k = 0; k < rows.length; k += ROWS_PER_STATEMENT) {
        await trx
          .insertInto('article_views_daily')
          .values(rows.slice(k, k + ROWS_PER_STATEMENT))
          .execute();
      }
    });
    rowsWritten += rows.length;
    articlesRead += read.size;
    for (const r of rows) viewsWritten += Number(r.views);
    if (d % 50 === 49 || d === days - 1) {
      log(
        `seed --daily-views: ${d + 1}/${days} days, ${rowsWritten} rows (${Math.round((Date.now() - began) / 1000)} s)`,
      );
    }
  }
  log('seed --daily-views: summing the roll-ups (022)');
  await writeTx(database, rebuildViewRollups);
  // Fresh statistics for the planner: the tables went from nothing to millions of rows.
  for (const table of ['article_views_daily', 'article_views_day', 'views_day_class', 'article_views_total'])
    await sql`analyze ${sql.table(table)}`.execute(database.db);
  return { days, rows: rowsWritten, views: viewsWritten, articlesPerDay: Math.round(articlesRead / days) };
}
