import { ArticleStatus, ColumnStatus, NewsStatus } from '@portal/api-client/constants';
import type { Option } from '@portal/api-client/contract';
import { COLUMN_FIELDS, type MemberColumn } from '@portal/api-client/entities/column';
import { COLUMN_ARTICLE_FIELDS, type ColumnArticle } from '@portal/api-client/entities/column-article';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import type { EntityValues } from '@portal/api-client/entities/field';
import type { Selectable } from 'kysely';
import type { Db } from '../db';
import { rowExists } from '../db/exists';
import type { DB } from '../db/schema';
import { contains } from '../db/like';
import { removeFromIndex } from '../db/search-index';
import { servedHtml } from '../lib/sanitize';
import { formatTime } from '../lib/time';
import { inTx, writeTx } from './write-tx';
import { queueArticlePurge } from './cdn-purge';
import { pageOf, paged } from './paging';

/**
 * A member's own column: the application, channels and categories, and the member's column
 * articles (create, read, update, delete). The editors' side, deciding on applications and
 * articles, is repositories/review.ts.
 */

/** showStatus text of each column article status (spec section 4). */
export const ARTICLE_STATUS_TEXT: Record<number, string> = {
  [ArticleStatus.Unreviewed]: '未审核',
  [ArticleStatus.Pending]: '待审核',
  [ArticleStatus.Approved]: '已通过',
  [ArticleStatus.Rejected]: '未通过',
};

// ---------- column application ----------

/** The member's column as entities/column.ts declares it; null when there is no such member. */
export async function columnState(database: Db, memberId: number): Promise<MemberColumn | null> {
  const row = await database.db
    .selectFrom('members')
    .select(columnsFor(COLUMN_FIELDS, 'self'))
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row ? fromRow(COLUMN_FIELDS, 'self', row) : null;
}

/** Not applied or rejected → under review. False when the current status does not allow applying. */
export async function applyForColumn(database: Db, memberId: number, now: number): Promise<boolean> {
  const res = await database.db
    .updateTable('members')
    .set({ column_status: ColumnStatus.UnderReview, column_refuse: '', updated_at: now })
    .where('id', '=', memberId)
    .where((eb) =>
      eb.or([
        eb('column_status', '=', ColumnStatus.NotApplied),
        eb('column_status', '<=', ColumnStatus.Rejected),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function listChannels(database: Db): Promise<Option[]> {
  const rows = await database.db.selectFrom('column_channels').select(['id', 'name']).orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function listCategories(database: Db, channelId: number): Promise<Option[]> {
  const rows = await database.db
    .selectFrom('column_categories')
    .select(['id', 'name'])
    .where('channel_id', '=', channelId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function categoryBelongsTo(
  database: Db,
  categoryId: number,
  channelId: number,
): Promise<boolean> {
  return rowExists(database, 'column_categories', { id: categoryId, channel_id: channelId });
}

// ---------- column articles ----------

/** A member's article as entities/column-article.ts declares it, and the sanitiser version of its body. */
const ARTICLE_COLUMNS = [...columnsFor(COLUMN_ARTICLE_FIELDS, 'self'), 'content_sanitizer'] as const;
type ArticleRow = Pick<Selectable<DB['column_articles']>, (typeof ARTICLE_COLUMNS)[number]>;

function toColumnArticle(row: ArticleRow): ColumnArticle {
  const status = Number(row.status);
  return fromRow(COLUMN_ARTICLE_FIELDS, 'self', row, {
    // Sanitised when written (DESIGN.md section 5); rows of another sanitiser version are sanitised here.
    content: servedHtml(row.content, row.content_sanitizer),
    showStatus: ARTICLE_STATUS_TEXT[status] ?? '',
    refuse: status === ArticleStatus.Rejected ? row.refuse : '',
    created_at: formatTime(row.created_at),
  });
}

export interface ArticleFilter {
  title?: string;
  status?: number;
  page: number;
  pageSize: number;
}

/** One member's articles, newest first, filtered by status and title words. */
export async function listMemberArticles(
  database: Db,
  memberId: number,
  filter: ArticleFilter,
): Promise<{ list: ColumnArticle[]; total: number }> {
  let query = database.db.selectFrom('column_articles').where('member_id', '=', memberId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.title) query = query.where(contains('title', filter.title));
  const { rows, total } = await paged(
    query,
    (q) => q.select(ARTICLE_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    pageOf(filter.page, filter.pageSize),
  );
  const list = rows.map((r) => toColumnArticle(r as ArticleRow));
  const views = await publishedViews(
    database,
    list.map((a) => a.id),
  );
  return { list: list.map((a) => ({ ...a, views: views.get(a.id) ?? 0 })), total };
}

/**
 * Issue 25: the view count of each column article's public article (0 while it is not published):
 * its author sees what readers read in the member centre.
 */
async function publishedViews(database: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await database.db
    .selectFrom('column_articles as c')
    .innerJoin('articles as a', 'a.id', 'c.article_id')
    .select(['c.id', 'a.pv'])
    .where('c.id', 'in', ids)
    .where('a.status', '=', NewsStatus.Published)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.pv)]));
}

/** The article when it belongs to `memberId`; null for unknown ids and other members' ids alike. */
export async function findMemberArticle(
  database: Db,
  memberId: number,
  id: number,
): Promise<ColumnArticle | null> {
  const row = await database.db
    .selectFrom('column_articles')
    .select(ARTICLE_COLUMNS)
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ? toColumnArticle(row) : null;
}

/** An article as stored: the validated fields (screened), its body's sanitiser version and its status. */
export type ArticleFields = EntityValues<typeof COLUMN_ARTICLE_FIELDS, 'create', 'self'> & {
  /** The rules version of the already sanitised `content` (lib/sanitize.ts storedHtml). */
  content_sanitizer: number;
  status: number;
};

export async function insertArticle(
  database: Db,
  memberId: number,
  fields: ArticleFields,
  now: number,
): Promise<number> {
  const row = await database.db
    .insertInto('column_articles')
    .values({
      ...fields,
      member_id: memberId,
      refuse: '',
      article_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Updates the member's own article; false when it is not theirs (or does not exist). */
export async function updateArticle(
  database: Db,
  memberId: number,
  id: number,
  fields: ArticleFields,
  now: number,
): Promise<boolean> {
  const res = await database.db
    .updateTable('column_articles')
    .set({ ...fields, refuse: '', updated_at: now })
    .where('id', '=', id)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Deletes the member's own article; null when it is not theirs. A published copy is hidden
 * (a draft again) rather than deleted, so links to it answer "not found" instead of breaking the
 * index, and purged at the CDN; `taken` names it (null when there was none).
 */
export async function deleteArticle(
  database: Db,
  memberId: number,
  id: number,
  now: number,
): Promise<{ taken: number | null } | null> {
  // A write transaction from the start (IMMEDIATE on SQLite). DELETE … RETURNING reads the public
  // id at the moment of the delete: an approval that published it a moment earlier (PostgreSQL
  // waits for its row lock) is seen, so its public copy is taken down too.
  return writeTx(database, async (trx) => {
    const row = await trx
      .deleteFrom('column_articles')
      .where('id', '=', id)
      .where('member_id', '=', memberId)
      .returning('article_id')
      .executeTakeFirst();
    if (!row) return null;
    if (row.article_id === null) return { taken: null };
    const articleId = Number(row.article_id);
    const tx = inTx(database, trx);
    await removeFromIndex(tx, [articleId]);
    const hidden = await trx
      .updateTable('articles')
      .set({ status: NewsStatus.Draft })
      .where('id', '=', articleId)
      .executeTakeFirst();
    if (Number(hidden.numUpdatedRows) !== 1) return { taken: null };
    await queueArticlePurge(tx, [articleId], now);
    return { taken: articleId };
  });
}
