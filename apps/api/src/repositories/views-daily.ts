import { sql, type Kysely } from 'kysely';
import type { ViewDevice, ViewSource } from '@portal/api-client/stats';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { formatDate } from '../lib/time';
import { writeTx } from './write-tx';

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

/** Sums `rows` by `key`; the entries in key order (two processes' batches lock rows in one order). */
function sumBy<K extends string | number, R>(
  rows: readonly DailyViews[],
  key: (r: DailyViews) => K,
  make: (r: DailyViews) => R & { views: number },
  merge: (into: R & { views: number }, r: DailyViews) => void = () => {},
): (R & { views: number })[] {
  const out = new Map<K, R & { views: number }>();
  for (const r of rows) {
    const k = key(r);
    const row = out.get(k);
    if (row) {
      row.views += r.views;
      merge(row, r);
    } else out.set(k, make(r));
  }
  return [...out.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, v]) => v);
}

async function chunks<T>(rows: readonly T[], write: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
    await write(rows.slice(i, i + ROWS_PER_STATEMENT));
}

/**
 * Adds a batch's views to their daily rows and to the roll-ups of 022 inside the caller's
 * transaction: one multi-row upsert-increment per table and ROWS_PER_STATEMENT rows, in key order
 * so two processes' batches never wait on each other in a cycle. `rows` holds each key once (the
 * counter sums before it writes); `catOf` is each article's category, read in this transaction.
 */
export async function addDailyViews(
  trx: Kysely<DB>,
  rows: readonly DailyViews[],
  catOf: ReadonlyMap<number, number>,
): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) =>
    a.articleId !== b.articleId ? a.articleId - b.articleId : dailyKey(0, a) < dailyKey(0, b) ? -1 : 1,
  );
  await chunks(sorted, (part) =>
    trx
      .insertInto('article_views_daily')
      .values(
        part.map((r) => ({
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
      .execute(),
  );
  // Article ids are below 2^31: the padded id sorts as the number does.
  const articleDays = sumBy(
    sorted,
    (r) => `${String(r.articleId).padStart(10, '0')}|${r.day}`,
    (r) => ({ article_id: r.articleId, day: r.day, cat_id: catOf.get(r.articleId) ?? null, views: r.views }),
  );
  await chunks(articleDays, (part) =>
    trx
      .insertInto('article_views_day')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['article_id', 'day'])
          .doUpdateSet((eb) => ({ views: eb('article_views_day.views', '+', eb.ref('excluded.views')) })),
      )
      .execute(),
  );
  const classes = sumBy(
    sorted,
    (r) => `${r.day}|${r.device}|${r.source}`,
    (r) => ({ day: r.day, device: r.device, source: r.source, views: r.views }),
  );
  await chunks(classes, (part) =>
    trx
      .insertInto('views_day_class')
      .values(part)
      .onConflict((oc) =>
        oc
          .columns(['day', 'device', 'source'])
          .doUpdateSet((eb) => ({ views: eb('views_day_class.views', '+', eb.ref('excluded.views')) })),
      )
      .execute(),
  );
  const totals = sumBy(
    sorted,
    (r) => r.articleId,
    (r) => ({ article_id: r.articleId, first_day: r.day, last_day: r.day, views: r.views }),
    (into, r) => {
      if (r.day < into.first_day) into.first_day = r.day;
      if (r.day > into.last_day) into.last_day = r.day;
    },
  );
  // New articles first (a row no other batch holds yet: counted once, whoever wins), then the rest.
  let added = 0;
  const existing: typeof totals = [];
  await chunks(totals, async (part) => {
    const inserted = await trx
      .insertInto('article_views_total')
      .values(part)
      .onConflict((oc) => oc.column('article_id').doNothing())
      .returning('article_id')
      .execute();
    added += inserted.length;
    const isNew = new Set(inserted.map((r) => Number(r.article_id)));
    existing.push(...part.filter((r) => !isNew.has(r.article_id)));
  });
  await chunks(existing, (part) =>
    trx
      .insertInto('article_views_total')
      .values(part)
      .onConflict((oc) =>
        oc.column('article_id').doUpdateSet((eb) => ({
          views: eb('article_views_total.views', '+', eb.ref('excluded.views')),
          // CASE, not least/greatest (PostgreSQL) or min/max (SQLite): the same SQL on both.
          first_day: sql<string>`case when excluded.first_day < article_views_total.first_day then excluded.first_day else article_views_total.first_day end`,
          last_day: sql<string>`case when excluded.last_day > article_views_total.last_day then excluded.last_day else article_views_total.last_day end`,
        })),
      )
      .execute(),
  );
  if (added > 0) await addToCount(trx, added);
}

const addToCount = (trx: Kysely<DB>, n: number) =>
  trx
    .updateTable('article_views_count')
    .set((eb) => ({ articles: eb('articles', '+', n) }))
    .where('id', '=', 1)
    .execute();

/** The first day kept when `retentionDays` days (today included) are kept. */
export function firstKeptDay(now: number, retentionDays: number): string {
  return formatDate(now - (retentionDays - 1) * 86_400_000);
}

/**
 * Housekeeping: drops the daily rows older than the retention, and their share of the roll-ups
 * (none when retention is 0: nothing is counted). Answers how many daily rows went.
 */
export async function pruneDailyViews(database: Db, now: number, retentionDays: number): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = firstKeptDay(now, retentionDays);
  return writeTx(database, async (trx) => {
    const leaving = trx.selectFrom('article_views_day').select('article_id').where('day', '<', cutoff);
    await trx
      .updateTable('article_views_total as t')
      .set((eb) => ({
        views: eb(
          't.views',
          '-',
          eb
            .selectFrom('article_views_day as d')
            .select(sql<number>`coalesce(sum(d.views), 0)`.as('v'))
            .whereRef('d.article_id', '=', 't.article_id')
            .where('d.day', '<', cutoff),
        ),
      }))
      .where('t.article_id', 'in', leaving)
      .execute();
    await trx.deleteFrom('article_views_day').where('day', '<', cutoff).execute();
    // An article read only before the cutoff leaves the totals; the others start later now.
    const gone = await trx
      .deleteFrom('article_views_total')
      .where('first_day', '<', cutoff)
      .where('last_day', '<', cutoff)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0) await addToCount(trx, -Number(gone.numDeletedRows));
    await trx
      .updateTable('article_views_total as t')
      .set((eb) => ({
        first_day: eb
          .selectFrom('article_views_day as d')
          .select((e) => e.fn.min('d.day').as('first'))
          .whereRef('d.article_id', '=', 't.article_id'),
      }))
      .where('t.first_day', '<', cutoff)
      .execute();
    await trx.deleteFrom('views_day_class').where('day', '<', cutoff).execute();
    const result = await trx.deleteFrom('article_views_daily').where('day', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/**
 * The roll-ups computed again from the daily rows, inside the caller's transaction (seeds that
 * write daily rows directly). Migration 023 fills them the same way once.
 */
export async function rebuildViewRollups(trx: Kysely<DB>): Promise<void> {
  await trx.deleteFrom('article_views_day').execute();
  await trx.deleteFrom('views_day_class').execute();
  await trx.deleteFrom('article_views_total').execute();
  await sql`
    insert into article_views_day (article_id, day, cat_id, views)
    select v.article_id, v.day, a.cat_id, sum(v.views)
    from article_views_daily v left join articles a on a.id = v.article_id
    group by v.article_id, v.day, a.cat_id
  `.execute(trx);
  await sql`
    insert into views_day_class (day, device, source, views)
    select day, device, source, sum(views) from article_views_daily group by day, device, source
  `.execute(trx);
  await sql`
    insert into article_views_total (article_id, views, first_day, last_day)
    select article_id, sum(views), min(day), max(day) from article_views_day group by article_id
  `.execute(trx);
  await trx
    .updateTable('article_views_count')
    .set({ articles: sql<number>`(select count(*) from article_views_total)` })
    .where('id', '=', 1)
    .execute();
}
