import type { Kysely } from 'kysely';
import { NewsStatus } from '@portal/api-client/constants';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import {
  claimDue,
  dueCounts,
  finishDue,
  pendingDue,
  postponeDue,
  queueDue,
  retryRefused,
  type DueQueue,
} from './due-queue';

/**
 * The search engine push queue (009): articles whose URLs are still to be pushed, a due queue
 * (./due-queue.ts). Queued inside the transaction that publishes or changes the article, so a
 * publish acknowledged to an editor always has its push queued; a row leaves the queue only when
 * the provider took its URLs.
 */

/** The queue's rows are articles, by id. */
const QUEUE: DueQueue<number> = { table: 'search_push_queue', key: 'article_id', parse: Number };

/** Queues articles (a second queueing of a waiting article changes nothing: one push covers both). */
export async function queueSearchPush(
  db: Kysely<DB>,
  articleIds: readonly number[],
  now: number,
): Promise<void> {
  await queueDue(db, QUEUE, articleIds, now);
}

export interface ClaimedPush {
  article_id: number;
  attempts: number;
  /** Null when the article is no longer published (nothing to push). */
  cat_id: number | null;
}

/**
 * Takes up to `limit` due rows for one sender (claimDue: another process skips them while this one
 * pushes, and retries them should this one die), with each article's category when it is published.
 */
export async function claimSearchPush(
  database: Db,
  now: number,
  claimUntil: number,
  limit: number,
): Promise<ClaimedPush[]> {
  const claimed = await claimDue(database, QUEUE, now, claimUntil, limit);
  if (claimed.length === 0) return [];
  const ids = claimed.map((r) => r.key);
  const published = await database.db
    .selectFrom('articles')
    .select(['id', 'cat_id'])
    .where('id', 'in', ids)
    .where('status', '=', NewsStatus.Published)
    .execute();
  const catOf = new Map(published.map((a) => [Number(a.id), Number(a.cat_id)]));
  return claimed
    .map((r) => ({ article_id: r.key, attempts: r.attempts, cat_id: catOf.get(r.key) ?? null }))
    .sort((a, b) => a.article_id - b.article_id);
}

/** The provider took them (or there was nothing to push): they leave the queue. */
export async function finishSearchPush(database: Db, articleIds: readonly number[]): Promise<void> {
  await finishDue(database, QUEUE, articleIds);
}

/** The provider refused the claimed batch: its articles wait for their next attempt (retryRefused). */
export async function retrySearchPush(
  database: Db,
  claimed: readonly ClaimedPush[],
  now: number,
  error: unknown,
): Promise<void> {
  const rows = claimed.map((a) => ({ key: a.article_id, attempts: a.attempts }));
  await retryRefused(database, QUEUE, rows, now, error);
}

/** What waits in the queue (the outbox's counterpart for a real provider: `pnpm admin` and tests read it). */
export async function pendingSearchPush(
  database: Db,
): Promise<{ article_id: number; attempts: number; next_at: number; last_error: string }[]> {
  const rows = await pendingDue(database, QUEUE);
  return rows.map(({ key, ...row }) => ({ article_id: key, ...row }));
}

/** The claimed rows wait until `at` without counting an attempt (the daily quota is spent). */
export async function deferSearchPush(
  database: Db,
  articleIds: readonly number[],
  at: number,
  note: string,
): Promise<void> {
  await postponeDue(database, QUEUE, articleIds, at, note, false);
}

/** What the queue holds: waiting articles, and those of them that failed at least once. */
export async function searchPushQueueCounts(database: Db): Promise<{ pending: number; failing: number }> {
  return dueCounts(database, QUEUE);
}

export interface SiteQuotaRow {
  site: string;
  /** YYYY-MM-DD, Asia/Shanghai. */
  day: string;
  remain: number;
  checked_at: number;
}

/** Records what the engine answered each site has left on `day` (the latest answer wins). */
export async function recordSearchPushQuota(
  database: Db,
  quotas: readonly { site: string; remain: number }[],
  day: string,
  now: number,
): Promise<void> {
  for (const { site, remain } of quotas) {
    const row = { site, day, remain: Math.max(0, Math.floor(remain)), checked_at: now };
    await database.db
      .insertInto('search_push_quota')
      .values(row)
      .onConflict((oc) => oc.column('site').doUpdateSet({ day, remain: row.remain, checked_at: now }))
      .execute();
  }
}

/** Every site's last known quota, by site. */
export async function searchPushQuotas(database: Db): Promise<SiteQuotaRow[]> {
  const rows = await database.db.selectFrom('search_push_quota').selectAll().orderBy('site').execute();
  return rows.map((r) => ({
    site: r.site,
    day: r.day,
    remain: Number(r.remain),
    checked_at: Number(r.checked_at),
  }));
}
