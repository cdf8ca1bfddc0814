import { sql, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import type { ViewDevice, ViewSource } from '@portal/api-client/stats';
import type { Db, Dialect } from '../db';
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
const ROWS_PER_STATEMENT = 512;

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

/**
 * A multi-row statement of the page-view batch whose SQL Kysely builds and compiles once per
 * dialect and row count; each run only binds the rows' values. Building and compiling the batch's
 * statements cost as much CPU as running them on SQLite (bench profile of article_pv), and the
 * batch runs several per commit. Rows go in parts of a power of two, so a table has at most ten
 * statement texts (kept prepared on SQLite: statements.ts) whatever the batch's size.
 */
class BatchStatement<R extends object, O = unknown> {
  private readonly compiled = new Map<string, CompiledQuery<O>>();

  constructor(
    private readonly columns: readonly (keyof R & string)[],
    private readonly build: (trx: Kysely<DB>, rows: R[]) => Compilable<O>,
  ) {}

  /** Runs the statement over `rows` in order; answers the rows it returned. */
  async run(trx: Kysely<DB>, dialect: Dialect, rows: readonly R[]): Promise<O[]> {
    const out: O[] = [];
    for (let i = 0; i < rows.length;) {
      let n = Math.min(ROWS_PER_STATEMENT, rows.length - i);
      n = 2 ** Math.floor(Math.log2(n));
      const part = rows.slice(i, i + n);
      i += n;
      const query = this.query(trx, dialect, n);
      const parameters = part.flatMap((r) => this.columns.map((c) => r[c]));
      out.push(...(await trx.executeQuery<O>({ ...query, parameters })).rows);
    }
    return out;
  }

  private query(trx: Kysely<DB>, dialect: Dialect, n: number): CompiledQuery<O> {
    const key = `${dialect}|${n}`;
    const kept = this.compiled.get(key);
    if (kept) return kept;
    // Row i's column j stands as the number i * columns + j: the compiled parameters must be
    // exactly 0, 1, 2, … for the values bound later to land where they belong.
    const width = this.columns.length;
    const markers = Array.from(
      { length: n },
      (_, i) => Object.fromEntries(this.columns.map((c, j) => [c, i * width + j])) as R,
    );
    const query = this.build(trx, markers).compile();
    if (query.parameters.length !== n * width || query.parameters.some((v, k) => v !== k))
      throw new Error("batch statement: its parameters are not the rows' values in order");
    this.compiled.set(key, query);
    return query;
  }
}

type DailyRow = {
  article_id: number;
  day: string;
  device: string;
  source: string;
  views: number;
};
type DayRow = { article_id: number; day: string; cat_id: number | null; views: number };
type ClassRow = { day: string; device: string; source: string; views: number };
type TotalRow = { article_id: number; first_day: string; last_day: string; views: number };

const addDaily = new BatchStatement<DailyRow>(
  ['article_id', 'day', 'device', 'source', 'views'],
  (trx, rows) =>
    trx
      .insertInto('article_views_daily')
      .values(rows)
      .onConflict((oc) =>
        oc
          .columns(['article_id', 'day', 'device', 'source'])
          .doUpdateSet((eb) => ({ views: eb('article_views_daily.views', '+', eb.ref('excluded.views')) })),
      ),
);

const addDay = new BatchStatement<DayRow>(['article_id', 'day', 'cat_id', 'views'], (trx, rows) =>
  trx
    .insertInto('article_views_day')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['article_id', 'day'])
        .doUpdateSet((eb) => ({ views: eb('article_views_day.views', '+', eb.ref('excluded.views')) })),
    ),
);

const addClass = new BatchStatement<ClassRow>(['day', 'device', 'source', 'views'], (trx, rows) =>
  trx
    .insertInto('views_day_class')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['day', 'device', 'source'])
        .doUpdateSet((eb) => ({ views: eb('views_day_class.views', '+', eb.ref('excluded.views')) })),
    ),
);

const TOTAL_COLUMNS = ['article_id', 'first_day', 'last_day', 'views'] as const;

/** Articles with no total yet get theirs (a row no other batch holds yet: counted once, whoever wins). */
const newTotals = new BatchStatement<TotalRow, { article_id: number }>(TOTAL_COLUMNS, (trx, rows) =>
  trx
    .insertInto('article_views_total')
    .values(rows)
    .onConflict((oc) => oc.column('article_id').doNothing())
    .returning('article_id'),
);

const addTotals = new BatchStatement<TotalRow>(TOTAL_COLUMNS, (trx, rows) =>
  trx
    .insertInto('article_views_total')
    .values(rows)
    .onConflict((oc) =>
      oc.column('article_id').doUpdateSet((eb) => ({
        views: eb('article_views_total.views', '+', eb.ref('excluded.views')),
        // CASE, not least/greatest (PostgreSQL) or min/max (SQLite): the same SQL on both.
        first_day: sql<string>`case when excluded.first_day < article_views_total.first_day then excluded.first_day else article_views_total.first_day end`,
        last_day: sql<string>`case when excluded.last_day > article_views_total.last_day then excluded.last_day else article_views_total.last_day end`,
      })),
    ),
);

/**
 * The articles whose total row this process committed with `day` as its last day: pruning drops
 * only totals whose last day is before its first kept day, which is never after today, so while
 * `day` is today such a row is there and a batch need not try to insert it (most batches' articles:
 * one statement fewer per batch). Per database handle; filled after the commit only (a rolled-back
 * batch made no row). Missing an article costs an insert that does nothing, never a wrong count.
 */
interface KnownTotals {
  day: string;
  ids: Set<number>;
}
const knownTotals = new WeakMap<Kysely<DB>, KnownTotals>();

/** Records, once the batch that wrote them is committed, the totals it left ending on `today`. */
export function rememberTotals(db: Kysely<DB>, today: string, written: readonly WrittenTotal[]): void {
  let known = knownTotals.get(db);
  if (!known || known.day !== today) knownTotals.set(db, (known = { day: today, ids: new Set() }));
  for (const t of written) if (t.lastDay === today) known.ids.add(t.articleId);
}

/** An article's total a batch added to, and the last day it gave it. */
export interface WrittenTotal {
  articleId: number;
  lastDay: string;
}

/**
 * Adds a batch's views to their daily rows and to the roll-ups of 023 inside the caller's
 * transaction: one multi-row upsert-increment per table (per ROWS_PER_STATEMENT rows), in key
 * order so two processes' batches never wait on each other in a cycle. `rows` holds each key once
 * (the counter sums before it writes); `catOf` is each article's category, read in this transaction.
 */
export async function addDailyViews(
  trx: Kysely<DB>,
  dialect: Dialect,
  rows: readonly DailyViews[],
  catOf: ReadonlyMap<number, number>,
  /** `db` outside the transaction (the handle rememberTotals is given); today's day, '' to trust no memo. */
  known: { db: Kysely<DB>; today: string },
): Promise<WrittenTotal[]> {
  if (rows.length === 0) return [];
  const sorted = [...rows].sort((a, b) =>
    a.articleId !== b.articleId ? a.articleId - b.articleId : dailyKey(0, a) < dailyKey(0, b) ? -1 : 1,
  );
  await addDaily.run(
    trx,
    dialect,
    sorted.map((r) => ({
      article_id: r.articleId,
      day: r.day,
      device: r.device,
      source: r.source,
      views: r.views,
    })),
  );
  // Article ids are below 2^31: the padded id sorts as the number does.
  const articleDays = sumBy(
    sorted,
    (r) => `${String(r.articleId).padStart(10, '0')}|${r.day}`,
    (r) => ({ article_id: r.articleId, day: r.day, cat_id: catOf.get(r.articleId) ?? null, views: r.views }),
  );
  await addDay.run(trx, dialect, articleDays);
  const classes = sumBy(
    sorted,
    (r) => `${r.day}|${r.device}|${r.source}`,
    (r) => ({ day: r.day, device: r.device, source: r.source, views: r.views }),
  );
  await addClass.run(trx, dialect, classes);
  const totals = sumBy(
    sorted,
    (r) => r.articleId,
    (r) => ({ article_id: r.articleId, first_day: r.day, last_day: r.day, views: r.views }),
    (into, r) => {
      if (r.day < into.first_day) into.first_day = r.day;
      if (r.day > into.last_day) into.last_day = r.day;
    },
  );
  // New articles first (those not known to have a total), then the rest.
  const had = knownTotals.get(known.db);
  const ids = had?.day === known.today ? had.ids : new Set<number>();
  const unknown = totals.filter((r) => !ids.has(r.article_id));
  const isNew = new Set((await newTotals.run(trx, dialect, unknown)).map((r) => Number(r.article_id)));
  await addTotals.run(
    trx,
    dialect,
    totals.filter((r) => !isNew.has(r.article_id)),
  );
  if (isNew.size > 0) await addToCount(trx, isNew.size);
  return totals.map((r) => ({ articleId: r.article_id, lastDay: r.last_day }));
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
