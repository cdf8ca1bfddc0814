import { sql, type Kysely } from 'kysely';
import { NewsStatus } from '@portal/api-client/constants';
import type { Db } from '../db';
import type { DB } from '../db/schema';

/**
 * The search engine push queue (009): articles whose URLs are still to be pushed. Queued inside
 * the transaction that publishes or changes the article, so a publish acknowledged to an editor
 * always has its push queued; a row leaves the queue only when the provider took its URLs.
 */

/** Queues articles (a second queueing of a waiting article changes nothing: one push covers both). */
export async function queueSearchPush(
  db: Kysely<DB>,
  articleIds: readonly number[],
  now: number,
): Promise<void> {
  if (articleIds.length === 0) return;
  await db
    .insertInto('search_push_queue')
    .values(articleIds.map((id) => ({ article_id: id, queued_at: now, next_at: now })))
    .onConflict((oc) => oc.column('article_id').doNothing())
    .execute();
}

export interface ClaimedPush {
  article_id: number;
  attempts: number;
  /** Null when the article is no longer published (nothing to push). */
  cat_id: number | null;
}

/**
 * Takes up to `limit` due rows for one sender: their next_at moves to `claimUntil`, so another
 * process skips them while this one pushes (and retries them then, should this one die). The
 * conditional update lets exactly one of several processes claim a row.
 */
export async function claimSearchPush(
  database: Db,
  now: number,
  claimUntil: number,
  limit: number,
): Promise<ClaimedPush[]> {
  const claimed = await database.db
    .updateTable('search_push_queue')
    .set({ next_at: claimUntil })
    .where('next_at', '<=', now)
    .where('article_id', 'in', (eb) =>
      eb
        .selectFrom('search_push_queue')
        .select('article_id')
        .where('next_at', '<=', now)
        .orderBy('next_at')
        .orderBy('article_id')
        .limit(limit),
    )
    .returning(['article_id', 'attempts'])
    .execute();
  if (claimed.length === 0) return [];
  const ids = claimed.map((r) => Number(r.article_id));
  const published = await database.db
    .selectFrom('articles')
    .select(['id', 'cat_id'])
    .where('id', 'in', ids)
    .where('status', '=', NewsStatus.Published)
    .execute();
  const catOf = new Map(published.map((a) => [Number(a.id), Number(a.cat_id)]));
  return claimed
    .map((r) => ({
      article_id: Number(r.article_id),
      attempts: Number(r.attempts),
      cat_id: catOf.get(Number(r.article_id)) ?? null,
    }))
    .sort((a, b) => a.article_id - b.article_id);
}

/** The provider took them (or there was nothing to push): they leave the queue. */
export async function finishSearchPush(database: Db, articleIds: readonly number[]): Promise<void> {
  if (articleIds.length === 0) return;
  await database.db.deleteFrom('search_push_queue').where('article_id', 'in', articleIds).execute();
}

/** The provider refused the batch: each row waits until `retryAt` and counts the attempt. */
export async function retrySearchPush(
  database: Db,
  articleIds: readonly number[],
  retryAt: number,
  error: string,
): Promise<void> {
  if (articleIds.length === 0) return;
  await database.db
    .updateTable('search_push_queue')
    .set({ attempts: sql`attempts + 1`, next_at: retryAt, last_error: error.slice(0, 500) })
    .where('article_id', 'in', articleIds)
    .execute();
}

/** What waits in the queue (the outbox's counterpart for a real provider: `pnpm admin` and tests read it). */
export async function pendingSearchPush(
  database: Db,
): Promise<{ article_id: number; attempts: number; next_at: number; last_error: string }[]> {
  const rows = await database.db
    .selectFrom('search_push_queue')
    .select(['article_id', 'attempts', 'next_at', 'last_error'])
    .orderBy('article_id')
    .execute();
  return rows.map((r) => ({
    article_id: Number(r.article_id),
    attempts: Number(r.attempts),
    next_at: Number(r.next_at),
    last_error: r.last_error,
  }));
}

/** The claimed rows wait until `at` without counting an attempt (the daily quota is spent). */
export async function deferSearchPush(
  database: Db,
  articleIds: readonly number[],
  at: number,
  note: string,
): Promise<void> {
  if (articleIds.length === 0) return;
  await database.db
    .updateTable('search_push_queue')
    .set({ next_at: at, last_error: note.slice(0, 500) })
    .where('article_id', 'in', articleIds)
    .execute();
}

/** What the queue holds: waiting articles, and those of them that failed at least once. */
export async function searchPushQueueCounts(database: Db): Promise<{ pending: number; failing: number }> {
  const row = await database.db
    .selectFrom('search_push_queue')
    .select([
      sql<number>`count(*)`.as('pending'),
      sql<number>`coalesce(sum(case when attempts > 0 then 1 else 0 end), 0)`.as('failing'),
    ])
    .executeTakeFirstOrThrow();
  return { pending: Number(row.pending), failing: Number(row.failing) };
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
