import type { Kysely } from 'kysely';
import type { ViewDevice, ViewSource } from '@portal/api-client/stats';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { formatDate } from '../lib/time';

/** What one page view is counted under beside its article: nothing about the reader. */
export interface ViewClass {
  /** YYYY-MM-DD, Asia/Shanghai. */
  day: string;
  device: ViewDevice;
  source: ViewSource;
}

export interface DailyViews extends ViewClass {
  articleId: number;
  views: number;
}

/** Rows per upsert statement: 5 parameters each stays far below SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 500;

export const dailyKey = (articleId: number, c: ViewClass) => `${articleId}|${c.day}|${c.device}|${c.source}`;

/**
 * Adds a batch's views to their daily rows inside the caller's transaction: one multi-row
 * upsert-increment per ROWS_PER_STATEMENT rows, in key order so two processes' batches never wait
 * on each other in a cycle. `rows` holds each key once (the counter sums before it writes).
 */
export async function addDailyViews(trx: Kysely<DB>, rows: readonly DailyViews[]): Promise<void> {
  const sorted = [...rows].sort((a, b) =>
    a.articleId !== b.articleId ? a.articleId - b.articleId : dailyKey(0, a) < dailyKey(0, b) ? -1 : 1,
  );
  for (let i = 0; i < sorted.length; i += ROWS_PER_STATEMENT) {
    await trx
      .insertInto('article_views_daily')
      .values(
        sorted.slice(i, i + ROWS_PER_STATEMENT).map((r) => ({
          article_id: r.articleId,
          day: r.day,
          device: r.device,
          source: r.source,
          views: r.views,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['article_id', 'day', 'device', 'source'])
          .doUpdateSet((eb) => ({ views: eb('article_views_daily.views', '+', eb.ref('excluded.views')) })),
      )
      .execute();
  }
}

/** The first day kept when `retentionDays` days (today included) are kept. */
export function firstKeptDay(now: number, retentionDays: number): string {
  return formatDate(now - (retentionDays - 1) * 86_400_000);
}

/** Housekeeping: drops the daily rows older than the retention (none when retention is 0: nothing is counted). */
export async function pruneDailyViews(database: Db, now: number, retentionDays: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  const result = await database.db
    .deleteFrom('article_views_daily')
    .where('day', '<', firstKeptDay(now, retentionDays))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
