import { sql, type Kysely } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';

/**
 * The retried queues of work handed to an outside service (the search engine push, the CDN purge):
 * one row per item, due at `next_at`. A sender claims due rows for a while (a lease: should it die,
 * another process takes them when it runs out), deletes those the service took, and moves the
 * others to a later `next_at` with their attempt counted. Both tables have the same columns and
 * differ only in their key (an article id, a surrogate key).
 */
export interface DueQueue<K extends number | string> {
  table: 'search_push_queue' | 'cdn_purge_queue';
  key: 'article_id' | 'key';
  /** A key as the driver returned it (PostgreSQL bigints, SQLite integers). */
  parse: (value: unknown) => K;
}

const FIRST_RETRY_MS = 60_000;
const LAST_RETRY_MS = 6 * 3600_000;

/** The delay before the next attempt of an item that failed `attempts` times so far (≥ 1): 1 min, 2, 4, … at most 6 h. */
export function retryDelay(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LAST_RETRY_MS);
}

export interface DueRow<K> {
  key: K;
  attempts: number;
  /** When it was last queued (finishClaimed tells a row queued again during its send by it). */
  queuedAt: number;
}

const table = <K extends number | string>(q: DueQueue<K>) => sql.table(q.table);
const key = <K extends number | string>(q: DueQueue<K>) => sql.ref(q.key);

/**
 * Queues items. A second queueing of a waiting item keeps its turn (one send covers both) but moves
 * its queued_at on, always to a later value: a sender that claimed it before sees it was queued
 * again during its send (finishClaimed).
 */
export async function queueDue<K extends number | string>(
  db: Kysely<DB>,
  q: DueQueue<K>,
  keys: readonly K[],
  now: number,
): Promise<void> {
  if (keys.length === 0) return;
  const rows = sql.join(keys.map((k) => sql`(${k}, ${now}, ${now})`));
  const queuedAt = sql.ref(`${q.table}.queued_at`);
  await sql`insert into ${table(q)} (${key(q)}, queued_at, next_at) values ${rows}
    on conflict (${key(q)}) do update set queued_at = case when ${queuedAt} < excluded.queued_at
      then excluded.queued_at else ${queuedAt} + 1 end`.execute(db);
}

/**
 * Takes up to `limit` due rows for one sender, oldest first: their next_at moves to `claimUntil`,
 * so another process skips them meanwhile. The conditional update lets exactly one of several
 * processes claim a row.
 */
export async function claimDue<K extends number | string>(
  database: Db,
  q: DueQueue<K>,
  now: number,
  claimUntil: number,
  limit: number,
): Promise<DueRow<K>[]> {
  const { rows } = await sql<{ item: unknown; attempts: unknown; queued_at: unknown }>`
    update ${table(q)} set next_at = ${claimUntil}
    where next_at <= ${now} and ${key(q)} in (
      select ${key(q)} from ${table(q)} where next_at <= ${now}
      order by next_at, ${key(q)} limit ${limit}
    )
    returning ${key(q)} as item, attempts, queued_at`.execute(database.db);
  return rows.map((r) => ({
    key: q.parse(r.item),
    attempts: Number(r.attempts),
    queuedAt: Number(r.queued_at),
  }));
}

/**
 * The service took the claimed rows: those not queued again since the claim leave the queue; one
 * queued again during the send (a change after the service took it) is due again at `now`.
 */
export async function finishClaimed<K extends number | string>(
  database: Db,
  q: DueQueue<K>,
  claimed: readonly DueRow<K>[],
  now: number,
): Promise<void> {
  if (claimed.length === 0) return;
  const unchanged = sql.join(
    claimed.map((r) => sql`(${key(q)} = ${r.key} and queued_at = ${r.queuedAt})`),
    sql` or `,
  );
  await sql`delete from ${table(q)} where ${unchanged}`.execute(database.db);
  const keys = claimed.map((r) => r.key);
  await sql`update ${table(q)} set next_at = ${now}, attempts = 0, last_error = ''
    where ${key(q)} in (${sql.join(keys)})`.execute(database.db);
}

/** The service took them: they leave the queue. */
export async function finishDue<K extends number | string>(
  database: Db,
  q: DueQueue<K>,
  keys: readonly K[],
): Promise<void> {
  if (keys.length === 0) return;
  await sql`delete from ${table(q)} where ${key(q)} in (${sql.join(keys)})`.execute(database.db);
}

/**
 * They wait until `at`: counting an attempt (the service refused them) or not (it asked to wait,
 * as a spent daily quota does); `note` says why.
 */
export async function postponeDue<K extends number | string>(
  database: Db,
  q: DueQueue<K>,
  keys: readonly K[],
  at: number,
  note: string,
  countAttempt: boolean,
): Promise<void> {
  if (keys.length === 0) return;
  const attempts = countAttempt ? sql`attempts + 1` : sql`attempts`;
  await sql`update ${table(q)} set attempts = ${attempts}, next_at = ${at}, last_error = ${note.slice(0, 500)}
    where ${key(q)} in (${sql.join(keys)})`.execute(database.db);
}

/**
 * The service refused a claimed batch: its rows wait for the batch's next attempt (retryDelay of
 * its most tried row's, counted) with the error's message as their note.
 */
export async function retryRefused<K extends number | string>(
  database: Db,
  q: DueQueue<K>,
  claimed: readonly Pick<DueRow<K>, 'key' | 'attempts'>[],
  now: number,
  error: unknown,
): Promise<void> {
  const attempts = Math.max(...claimed.map((row) => row.attempts)) + 1;
  await postponeDue(
    database,
    q,
    claimed.map((row) => row.key),
    now + retryDelay(attempts),
    String((error as Error).message ?? error),
    true,
  );
}

/** Every waiting row, by key (the outbox's counterpart for a real provider: `pnpm admin` and tests read it). */
export async function pendingDue<K extends number | string>(
  database: Db,
  q: DueQueue<K>,
): Promise<{ key: K; attempts: number; next_at: number; last_error: string }[]> {
  const { rows } = await sql<{ item: unknown; attempts: unknown; next_at: unknown; last_error: string }>`
    select ${key(q)} as item, attempts, next_at, last_error from ${table(q)} order by ${key(q)}`.execute(
    database.db,
  );
  return rows.map((r) => ({
    key: q.parse(r.item),
    attempts: Number(r.attempts),
    next_at: Number(r.next_at),
    last_error: r.last_error,
  }));
}

/** What the queue holds: waiting rows, and those of them that failed at least once. */
export async function dueCounts<K extends number | string>(
  database: Db,
  q: DueQueue<K>,
): Promise<{ pending: number; failing: number }> {
  const { rows } = await sql<{ pending: unknown; failing: unknown }>`
    select count(*) as pending, coalesce(sum(case when attempts > 0 then 1 else 0 end), 0) as failing
    from ${table(q)}`.execute(database.db);
  return { pending: Number(rows[0]?.pending ?? 0), failing: Number(rows[0]?.failing ?? 0) };
}
