import type { ExpressionBuilder } from 'kysely';
import type { BlockKey } from '@portal/api-client/admin-resources';
import { NewsStatus } from '@portal/api-client/constants';
import type { ArticleDetail, ListItem } from '@portal/api-client/contract';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { servedHtml } from '../lib/sanitize';
import { formatTime } from '../lib/time';
import { ARTICLE_LIST_COLUMNS, categoryAlias, toListItem } from './mappers';
import { writeTx } from './write-tx';

/** Published articles. Every list orders on (…, status, created_at, id) indexes of 001_initial. */

const PUBLISHED = NewsStatus.Published;
export type ArticleFlag = 'is_hot' | 'is_pic' | 'is_recommend' | 'is_policy';

export interface Page {
  offset: number;
  limit: number;
}
export const pageOf = (page: number, pageSize: number): Page => ({
  offset: (page - 1) * pageSize,
  limit: pageSize,
});

function published(catId: number) {
  return (eb: ExpressionBuilder<DB, 'articles'>) =>
    catId > 0
      ? eb.and([eb('cat_id', '=', catId), eb('status', '=', PUBLISHED)])
      : eb('status', '=', PUBLISHED);
}

/** Caches a count (totals of big lists change slowly and cost a full index walk). */
export type CountCache = (key: string, load: () => Promise<number>) => Promise<number>;
export const uncachedCount: CountCache = (_key, load) => load();

/** Newest first, in one category (catId > 0) or all; with the total for the pager. */
export async function listLatest(
  database: Db,
  catId: number,
  page: Page,
  counts: CountCache = uncachedCount,
): Promise<{ items: ListItem[]; total: number }> {
  const [rows, total] = await Promise.all([
    database.db
      .selectFrom('articles')
      .select(ARTICLE_LIST_COLUMNS)
      .where(published(catId))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    counts(`latest:${catId}`, async () => {
      const row = await database.db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(published(catId))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    }),
  ]);
  return { items: rows.map(toListItem), total };
}

/** The block an editor may pick in place of a flag's automatic list (admin-resources BLOCK_KEYS). */
const FLAG_BLOCK: Record<ArticleFlag, BlockKey> = {
  is_hot: 'hot',
  is_pic: 'big',
  is_recommend: 'recommend',
  is_policy: 'policy',
};

/** The published articles an editor picked for a block (home: catId 0), in their order; [] when none. */
export async function pickedArticles(database: Db, block: BlockKey, catId: number): Promise<ListItem[]> {
  const row = await database.db
    .selectFrom('content_blocks')
    .select('articles')
    .where('block', '=', block)
    .where('cat_id', '=', catId)
    .executeTakeFirst();
  if (!row) return [];
  let ids: number[] = [];
  try {
    const parsed: unknown = JSON.parse(row.articles);
    if (Array.isArray(parsed)) ids = parsed.filter((x): x is number => Number.isSafeInteger(x)).slice(0, 100);
  } catch {
    // A corrupt list picks nothing: the automatic list shows.
  }
  return listByIds(database, ids);
}

/**
 * Newest articles carrying a placement flag (hot, picture, recommended, policy), optionally in one
 * category; the first page is the editors' pick for that block when they made one.
 */
export async function listFlagged(
  database: Db,
  flag: ArticleFlag,
  limit: number,
  catId = 0,
  offset = 0,
): Promise<ListItem[]> {
  if (offset === 0) {
    const picked = await pickedArticles(database, FLAG_BLOCK[flag], catId);
    if (picked.length > 0) return picked.slice(0, limit);
  }
  let q = database.db
    .selectFrom('articles')
    .select(ARTICLE_LIST_COLUMNS)
    .where(flag, '=', 1)
    .where('status', '=', PUBLISHED);
  if (catId > 0) q = q.where('cat_id', '=', catId);
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toListItem);
}

export async function countFlagged(database: Db, flag: ArticleFlag): Promise<number> {
  const row = await database.db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(flag, '=', 1)
    .where('status', '=', PUBLISHED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** List items of published articles by id, in the order of `ids` (search results, report items). */
export async function listByIds(database: Db, ids: number[]): Promise<ListItem[]> {
  if (ids.length === 0) return [];
  const rows = await database.db
    .selectFrom('articles')
    .select(ARTICLE_LIST_COLUMNS)
    .where('id', 'in', ids)
    .where('status', '=', PUBLISHED)
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), toListItem(r)]));
  return ids.map((id) => byId.get(id)).filter((x): x is ListItem => x !== undefined);
}

/** One published article with its neighbours in the same category; null when unknown or hidden. */
export async function getArticle(database: Db, id: number): Promise<ArticleDetail | null> {
  const row = await database.db
    .selectFrom('articles')
    .leftJoin('categories', 'categories.id', 'articles.cat_id')
    .select([
      'articles.id',
      'articles.cat_id',
      'articles.title',
      'articles.description',
      'articles.keyword',
      'articles.thumb',
      'articles.author',
      'articles.admin_name',
      'articles.source_name',
      'articles.content',
      'articles.content_sanitizer',
      'articles.pv',
      'articles.created_at',
      'categories.name as cat_name',
    ])
    .where('articles.id', '=', id)
    .where('articles.status', '=', PUBLISHED)
    .executeTakeFirst();
  if (!row) return null;
  const created = Number(row.created_at);
  const neighbour = (direction: 'prev' | 'next') =>
    database.db
      .selectFrom('articles')
      .select(ARTICLE_LIST_COLUMNS)
      .where('cat_id', '=', row.cat_id)
      .where('status', '=', PUBLISHED)
      // A row-value comparison, not (a < x OR (a = x AND b < y)): both databases turn it into one
      // index range, where the OR form walks the whole category.
      .where((eb) =>
        eb(eb.refTuple('created_at', 'id'), direction === 'prev' ? '<' : '>', eb.tuple(created, id)),
      )
      .orderBy('created_at', direction === 'prev' ? 'desc' : 'asc')
      .orderBy('id', direction === 'prev' ? 'desc' : 'asc')
      .limit(1)
      .executeTakeFirst();
  const [prev, next] = await Promise.all([neighbour('prev'), neighbour('next')]);
  const item = toListItem(row);
  return {
    ...item,
    created_at: formatTime(created),
    author: row.author,
    adminName: row.admin_name,
    source_name: row.source_name,
    // Sanitised when written (DESIGN.md section 5): served as stored.
    content: servedHtml(row.content, row.content_sanitizer),
    cat_id: Number(row.cat_id),
    cat_name: row.cat_name ?? '',
    cat_alias: categoryAlias(row.cat_id),
    pv: Number(row.pv),
    seo: { title: row.title, description: row.description, keyword: row.keyword },
    prev: prev ? toListItem(prev) : null,
    next: next ? toListItem(next) : null,
  };
}

/** Stored view count of a published article; null when unknown. */
export async function getArticleViews(database: Db, id: number): Promise<number | null> {
  const row = await database.db
    .selectFrom('articles')
    .select('pv')
    .where('id', '=', id)
    .where('status', '=', PUBLISHED)
    .executeTakeFirst();
  return row ? Number(row.pv) : null;
}

/**
 * Adds a batch of counted views in one write transaction (all or nothing), to published articles
 * only; answers each counted article's stored count after the batch.
 */
export async function addArticleViews(
  database: Db,
  batch: Map<number, number>,
): Promise<Map<number, number>> {
  return writeTx(database, async (trx) => {
    const counts = new Map<number, number>();
    // Rows in id order: two processes committing batches never wait on each other in a cycle.
    for (const [id, n] of [...batch].sort((a, b) => a[0] - b[0])) {
      const row = await trx
        .updateTable('articles')
        .set((eb) => ({ pv: eb('pv', '+', n) }))
        .where('id', '=', id)
        .where('status', '=', PUBLISHED)
        .returning('pv')
        .executeTakeFirst();
      if (row) counts.set(id, Number(row.pv));
    }
    return counts;
  });
}
