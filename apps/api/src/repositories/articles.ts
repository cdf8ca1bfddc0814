import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { BLOCK_FIELDS, type BlockKey } from '@portal/api-client/entities/block';
import { NewsStatus } from '@portal/api-client/constants';
import type { ArticleDetail, ListItem } from '@portal/api-client/contract';
import { ARTICLE_FIELDS } from '@portal/api-client/entities/article';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../db';
import { prepared } from '../db/prepared';
import type { DB } from '../db/schema';
import { indexArticles } from '../db/search-index';
import { servedHtml } from '../lib/sanitize';
import { formatDate, formatTime } from '../lib/time';
import { ARTICLE_LIST_COLUMNS, articleUrl, categoryAlias, toListItem, type ArticleListRow } from './mappers';
import { noMemo, type ListMemo, type Page } from './paging';
import { queueSearchPush } from './search-push';
import { addDailyViews, rememberTotals, type DailyViews, type WrittenTotal } from './views-daily';
import { writeTx } from './write-tx';

/** Published articles. Every list orders on (…, status, created_at, id) indexes of 001 and 010. */

const PUBLISHED = NewsStatus.Published;
export type ArticleFlag = 'is_hot' | 'is_pic' | 'is_recommend' | 'is_policy';

export { pageOf, type CountCache } from './paging';

/** Which published articles a list shows; an index answers it newest first (001, 010). */
interface ArticleList {
  /** Names the list in the memo (its total, its deep-page boundaries). */
  key: string;
  /** The form of its filter: lists of one shape share their prepared queries, the category bound. */
  shape: string;
  catId: number;
  where: (eb: ExpressionBuilder<DB, 'articles'>, p: { catId: number }) => Expression<SqlBool>;
}

/** Published, in one category (catId > 0) or all: articles_cat_latest / articles_latest. */
const latestList = (catId: number): ArticleList => ({
  key: `latest:${catId}`,
  shape: catId > 0 ? 'latest:cat' : 'latest',
  catId,
  where: (eb, p) =>
    catId > 0
      ? eb.and([eb('cat_id', '=', p.catId), eb('status', '=', PUBLISHED)])
      : eb('status', '=', PUBLISHED),
});

/** Published with a placement flag, optionally in one category: articles_<flag>. */
const flaggedList = (flag: ArticleFlag, catId: number): ArticleList => ({
  key: `${flag}:${catId}`,
  shape: catId > 0 ? `${flag}:cat` : flag,
  catId,
  where: (eb, p) =>
    eb.and([
      eb(flag, '=', 1),
      eb('status', '=', PUBLISHED),
      ...(catId > 0 ? [eb('cat_id', '=', p.catId)] : []),
    ]),
});

/**
 * Deep pages (issue 15). Every DEEP_STRIDE rows of a list the sort key of the row before is
 * remembered (memo, dropped on any content change), so a page seeks to the nearest boundary in the
 * index and skips fewer than DEEP_STRIDE entries: page 1000 costs about what page 1 costs. The page's
 * ids come from the index alone (a deferred join); only its own rows are read from the table.
 */
export const DEEP_STRIDE = 500;

type SortKey = [createdAt: number, id: number];

interface ListValues {
  catId: number;
  limit: number;
  offset: number;
  /** The boundary a deep page starts after (ignored by the queries from the top). */
  afterTime: number;
  afterId: number;
}

/** The queries of one list shape, from its top and after a boundary (db/prepared.ts). */
function listQueries(list: ArticleList) {
  // The list's keys newest first, after the boundary when `after`.
  const keys = (db: Kysely<DB>, p: ListValues, after: boolean) => {
    let q = db.selectFrom('articles').where((eb) => list.where(eb, p));
    // A row-value comparison: one index range on both databases (see getArticle).
    if (after)
      q = q.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(p.afterTime, p.afterId)));
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc');
  };
  const page = (after: boolean) =>
    prepared((db, p: ListValues) =>
      db
        .selectFrom('articles')
        .select(ARTICLE_LIST_COLUMNS)
        .where('id', 'in', keys(db, p, after).select('id').limit(p.limit).offset(p.offset))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    );
  const boundary = (after: boolean) =>
    prepared((db, p: ListValues) =>
      keys(db, p, after)
        .select(['created_at', 'id'])
        .limit(1)
        .offset(DEEP_STRIDE - 1),
    );
  return {
    page: [page(false), page(true)],
    boundary: [boundary(false), boundary(true)],
    count: prepared((db, p: Pick<ListValues, 'catId'>) =>
      db
        .selectFrom('articles')
        .where((eb) => list.where(eb, p))
        .select(sql<number>`count(*)`.as('n')),
    ),
  } as const;
}

const queriesByShape = new Map<string, ReturnType<typeof listQueries>>();
function queriesOf(list: ArticleList) {
  let queries = queriesByShape.get(list.shape);
  if (!queries) {
    queries = listQueries(list);
    queriesByShape.set(list.shape, queries);
  }
  return queries;
}

const listValues = (list: ArticleList, page: Page, after: SortKey | null): ListValues => ({
  catId: list.catId,
  limit: page.limit,
  offset: page.offset,
  afterTime: after?.[0] ?? 0,
  afterId: after?.[1] ?? 0,
});

/**
 * Sort key of the last row before `stride * DEEP_STRIDE` rows; null when the list is shorter.
 * Walks the boundaries from the first (each remembered), in a loop: a page near MAX_PAGE is
 * thousands of strides deep, and a list shorter than that stops at its end.
 */
async function boundary(
  database: Db,
  list: ArticleList,
  stride: number,
  memo: ListMemo,
): Promise<SortKey | null> {
  const query = queriesOf(list).boundary;
  let key: SortKey | null = null;
  for (let s = 1; s <= stride; s++) {
    const before: SortKey | null = key;
    key = await memo(`${list.key}:after:${s}`, async (): Promise<SortKey | null> => {
      const [row] = await query[before ? 1 : 0](database, listValues(list, { offset: 0, limit: 1 }, before));
      return row ? ([Number(row.created_at), Number(row.id)] satisfies SortKey) : null;
    });
    if (!key) return null;
  }
  return key;
}

/** One page of a list, newest first. */
async function listPage(database: Db, list: ArticleList, page: Page, memo: ListMemo): Promise<ListItem[]> {
  const stride = Math.floor(page.offset / DEEP_STRIDE);
  const after = stride > 0 ? await boundary(database, list, stride, memo) : null;
  if (stride > 0 && !after) return [];
  const rows = await queriesOf(list).page[after ? 1 : 0](
    database,
    listValues(list, { offset: page.offset - stride * DEEP_STRIDE, limit: page.limit }, after),
  );
  return rows.map(toListItem);
}

/** The number of articles a list shows. */
async function listTotal(database: Db, list: ArticleList): Promise<number> {
  const [row] = await queriesOf(list).count(database, { catId: list.catId });
  return Number(row.n);
}

/** Newest first, in one category (catId > 0) or all; with the total for the pager. */
export async function listLatest(
  database: Db,
  catId: number,
  page: Page,
  memo: ListMemo = noMemo,
): Promise<{ items: ListItem[]; total: number }> {
  const list = latestList(catId);
  const [items, total] = await Promise.all([
    listPage(database, list, page, memo),
    memo(list.key, () => listTotal(database, list)),
  ]);
  return { items, total };
}

/** The block an editor may pick in place of a flag's automatic list (admin-resources BLOCK_KEYS). */
const FLAG_BLOCK: Record<ArticleFlag, BlockKey> = {
  is_hot: 'hot',
  is_pic: 'big',
  is_recommend: 'recommend',
  is_policy: 'policy',
};

/** What visitors get of a block (entities/block.ts): its picked articles. */
const PICKED_COLUMNS = columnsFor(BLOCK_FIELDS, 'public');
const pickedBlock = prepared((db, p: { block: BlockKey; catId: number }) =>
  db
    .selectFrom('content_blocks')
    .select(PICKED_COLUMNS)
    .where('block', '=', p.block)
    .where('cat_id', '=', p.catId),
);

/** The published articles an editor picked for a block (home: catId 0), in their order; [] when none. */
export async function pickedArticles(database: Db, block: BlockKey, catId: number): Promise<ListItem[]> {
  const [row] = await pickedBlock(database, { block, catId });
  if (!row) return [];
  // A corrupt list picks nothing: the automatic list shows.
  const { articles } = fromRow(BLOCK_FIELDS, 'public', row);
  return listByIds(database, articles.slice(0, 100));
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
  memo: ListMemo = noMemo,
): Promise<ListItem[]> {
  if (offset === 0) {
    const picked = await pickedArticles(database, FLAG_BLOCK[flag], catId);
    if (picked.length > 0) return picked.slice(0, limit);
  }
  return listPage(database, flaggedList(flag, catId), { offset, limit }, memo);
}

export async function countFlagged(
  database: Db,
  flag: ArticleFlag,
  memo: ListMemo = noMemo,
): Promise<number> {
  const list = flaggedList(flag, 0);
  return memo(list.key, () => listTotal(database, list));
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

/**
 * The editor a public page names: an account's display name, never its login (issue 23 item 2);
 * an account without one is not named. A name no account has (seeded rows) is printed as it is.
 */
function bylineOf(row: { admin_name: string; editor_id: number | null; editor_display_name: string | null }) {
  return row.editor_id === null ? row.admin_name : (row.editor_display_name ?? '');
}

/** One published article with its neighbours in the same category; null when unknown or hidden. */
export async function getArticle(database: Db, id: number): Promise<ArticleDetail | null> {
  if (database.dialect === 'postgres') {
    // One statement, one round trip: the row and both neighbours (three statements cost PostgreSQL
    // three parse-bind-execute cycles and the pool three turns; issue 27 section 4).
    const [row] = await articleWithNeighbours(database, { id });
    return row ? toArticleDetail(row, row.prev, row.next) : null;
  }
  // SQLite runs in the process: three indexed reads cost less than one statement with joins to plan.
  const [row] = await articleById(database, { id });
  if (!row) return null;
  const around = { catId: Number(row.cat_id), created: Number(row.created_at), id };
  const [[prev], [next]] = await Promise.all([
    neighbours.prev(database, around),
    neighbours.next(database, around),
  ]);
  return toArticleDetail(row, prev, next);
}

type ArticleRow = Awaited<ReturnType<typeof articleById>>[number];

function toArticleDetail(
  row: ArticleRow,
  prev: ArticleListRow | null | undefined,
  next: ArticleListRow | null | undefined,
): ArticleDetail {
  const created = Number(row.created_at);
  return {
    ...fromRow(ARTICLE_FIELDS, 'public', row, {
      url: articleUrl(Number(row.id), Number(row.cat_id)),
      created_at: formatTime(created),
      // Scheduled articles are written before they go out: never earlier than the publication.
      updated_at: formatTime(Math.max(created, Number(row.updated_at ?? created))),
      adminName: bylineOf(row),
      // Sanitised when written (DESIGN.md section 5): served as stored.
      content: servedHtml(row.content, row.content_sanitizer),
      cat_name: row.cat_name ?? '',
      cat_alias: categoryAlias(row.cat_id),
    }),
    seo: { title: row.title, description: row.description, keyword: row.keyword },
    prev: prev ? toListItem(prev) : null,
    next: next ? toListItem(next) : null,
  };
}

/** An article page's columns (entities/article.ts), the sanitiser's version and who saved it. */
const DETAIL_COLUMNS = [
  ...columnsFor(ARTICLE_FIELDS, 'public').map((c) => `articles.${c}` as const),
  'articles.admin_name',
  'articles.content_sanitizer',
  'editors.display_name as editor_display_name',
  'editors.id as editor_id',
  'categories.name as cat_name',
] as const;

const articleById = prepared((db, p: { id: number }) =>
  db
    .selectFrom('articles')
    .leftJoin('categories', 'categories.id', 'articles.cat_id')
    // admin_name holds the login of the editor who saved it (or, in older rows, a name typed in).
    .leftJoin('editors', 'editors.username', 'articles.admin_name')
    .select(DETAIL_COLUMNS)
    .where('articles.id', '=', p.id)
    .where('articles.status', '=', PUBLISHED),
);

/**
 * The order of neighbours: prev is the next older article of the category, next the next newer,
 * by (created_at, id). A row-value comparison, not (a < x OR (a = x AND b < y)): both databases
 * turn it into one range of articles_cat_latest, where the OR form walks the whole category.
 */
const NEIGHBOUR = {
  prev: { op: '<', order: 'desc' },
  next: { op: '>', order: 'asc' },
} as const;

/** The articles just before and after one in its category, given its key (SQLite). */
const neighbour = (direction: 'prev' | 'next') =>
  prepared((db, p: { catId: number; created: number; id: number }) =>
    db
      .selectFrom('articles')
      .select(ARTICLE_LIST_COLUMNS)
      .where('cat_id', '=', p.catId)
      .where('status', '=', PUBLISHED)
      .where((eb) => eb(eb.refTuple('created_at', 'id'), NEIGHBOUR[direction].op, eb.tuple(p.created, p.id)))
      .orderBy('created_at', NEIGHBOUR[direction].order)
      .orderBy('id', NEIGHBOUR[direction].order)
      .limit(1),
  );
const neighbours = { prev: neighbour('prev'), next: neighbour('next') };

/** The same neighbour as a subquery of the article row (PostgreSQL): its list columns, or none. */
const neighbourOf = (eb: ExpressionBuilder<DB, 'articles'>, direction: 'prev' | 'next') =>
  eb
    .selectFrom('articles as x')
    .select(ARTICLE_LIST_COLUMNS.map((c) => `x.${c}` as const))
    .whereRef('x.cat_id', '=', 'articles.cat_id')
    .where('x.status', '=', PUBLISHED)
    .where((w) =>
      w(
        w.refTuple('x.created_at', 'x.id'),
        NEIGHBOUR[direction].op,
        w.refTuple('articles.created_at', 'articles.id'),
      ),
    )
    .orderBy('x.created_at', NEIGHBOUR[direction].order)
    .orderBy('x.id', NEIGHBOUR[direction].order)
    .limit(1);

/** articleById and both neighbours in one statement; a missing neighbour is null. */
const articleWithNeighbours = prepared((db, p: { id: number }) =>
  db
    .selectFrom('articles')
    .leftJoin('categories', 'categories.id', 'articles.cat_id')
    .leftJoin('editors', 'editors.username', 'articles.admin_name')
    .select(DETAIL_COLUMNS)
    .select((eb) => [
      jsonObjectFrom(neighbourOf(eb, 'prev')).as('prev'),
      jsonObjectFrom(neighbourOf(eb, 'next')).as('next'),
    ])
    .where('articles.id', '=', p.id)
    .where('articles.status', '=', PUBLISHED),
);

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
  daily: readonly DailyViews[] = [],
): Promise<Map<number, number>> {
  const now = Date.now();
  const today = formatDate(now);
  // In a day's last minute a prune of the next day (retention 1) may be near: trust no memo then.
  const lookup = formatDate(now + 60_000) === today ? today : '';
  let written: WrittenTotal[] = [];
  const counts = await writeTx(database, async (trx) => {
    const counts = new Map<number, number>();
    const catOf = new Map<number, number>();
    // Rows in id order: two processes committing batches never wait on each other in a cycle.
    for (const [id, n] of [...batch].sort((a, b) => a[0] - b[0])) {
      const row = await trx
        .updateTable('articles')
        .set((eb) => ({ pv: eb('pv', '+', n) }))
        .where('id', '=', id)
        .where('status', '=', PUBLISHED)
        .returning(['pv', 'cat_id'])
        .executeTakeFirst();
      if (row) {
        counts.set(id, Number(row.pv));
        catOf.set(id, Number(row.cat_id));
      }
    }
    // Only views of articles that were counted: an unknown or unpublished id adds no daily row.
    written = await addDailyViews(
      trx,
      database.dialect,
      daily.filter((d) => counts.has(d.articleId)),
      catOf,
      { db: database.db, today: lookup },
    );
    return counts;
  });
  rememberTotals(database.db, today, written);
  return counts;
}

/**
 * A published article's text goes (back) into the search index and its url into the search engine
 * push queue, inside the caller's transaction: after the newsroom publishes or edits it, and after
 * a reviewer approves a column article (review.ts). The caller took any older text out first.
 */
export async function announcePublished(tx: Db, id: number, at: number): Promise<void> {
  const row = await tx.db
    .selectFrom('articles')
    .select(['id', 'title', 'description', 'keyword', 'content', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await indexArticles(tx, [{ ...row, id: Number(row.id), created_at: Number(row.created_at) }]);
  await queueSearchPush(tx.db, [id], at);
}
