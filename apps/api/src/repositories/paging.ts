import { sql, type SelectQueryBuilder } from 'kysely';

/** Paged lists: the spec's page numbers as an offset and a limit, and one page with its total. */

export interface Page {
  offset: number;
  limit: number;
}
export const pageOf = (page: number, pageSize: number): Page => ({
  offset: (page - 1) * pageSize,
  limit: pageSize,
});

/**
 * Keeps values derived from a list's rows (totals, the boundaries of deep pages) for a while; the
 * read cache's version (plugins/cache.ts cachedCounts) drops them on every content change.
 */
export type ListMemo = <T>(key: string, load: () => Promise<T>) => Promise<T>;
export const noMemo: ListMemo = (_key, load) => load();

/** A ListMemo that only keeps numbers (search totals); any ListMemo is one. */
export type CountCache = (key: string, load: () => Promise<number>) => Promise<number>;

/** The number of rows of `filtered` (a query with its FROM, joins and WHERE, nothing selected yet). */
export async function countRows<DB, TB extends keyof DB, S>(
  filtered: SelectQueryBuilder<DB, TB, S>,
): Promise<number> {
  const row = await filtered
    .select(sql<number>`count(*)`.as('n'))
    .$castTo<{ n: number }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A public list's order: newest first by `date`, then by id (unique, so pages never overlap). */
export function newestFirst<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  date: keyof DB[TB] & string,
): SelectQueryBuilder<DB, TB, O> {
  return q.orderBy(sql.ref(date), 'desc').orderBy(sql.ref('id'), 'desc');
}

/**
 * One page of a list and the list's total. `filtered` holds what the list shows (FROM, joins,
 * WHERE); `rows` selects the columns and orders them (ending on a unique column, so pages never
 * overlap). The total goes through `count` when the caller keeps totals (CountCache).
 */
export async function paged<DB, TB extends keyof DB, S, O>(
  filtered: SelectQueryBuilder<DB, TB, S>,
  rows: (q: SelectQueryBuilder<DB, TB, S>) => SelectQueryBuilder<DB, TB, O>,
  page: Page,
  count: (load: () => Promise<number>) => Promise<number> = (load) => load(),
): Promise<{ rows: O[]; total: number }> {
  const [list, total] = await Promise.all([
    rows(filtered).limit(page.limit).offset(page.offset).execute(),
    count(() => countRows(filtered)),
  ]);
  return { rows: list, total };
}
