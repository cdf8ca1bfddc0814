import { ArticleStatus, ColumnStatus } from '@portal/api-client/constants';
import type { ColumnArticle, Option } from '@portal/api-client/contract';
import { ErrorCode } from '@portal/api-client/codes';
import type { Db } from '../db';
import { contains } from '../db/like';
import { indexArticles, removeFromIndex } from '../db/search-index';
import { htmlText, sanitizeArticleHtml } from '../lib/sanitize';
import { formatTime } from '../lib/time';
import { inTx, writeTx } from './write-tx';

/** Member columns (application status) and column articles, plus the editor-review actions. */

/** showStatus text of each column article status (spec section 4). */
export const ARTICLE_STATUS_TEXT: Record<number, string> = {
  [ArticleStatus.Unreviewed]: '未审核',
  [ArticleStatus.Pending]: '待审核',
  [ArticleStatus.Approved]: '已通过',
  [ArticleStatus.Rejected]: '未通过',
};

// ---------- column application ----------

export async function columnState(
  database: Db,
  memberId: number,
): Promise<{ status: number; refuse: string } | null> {
  const row = await database.db
    .selectFrom('members')
    .select(['column_status', 'column_refuse'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row ? { status: Number(row.column_status), refuse: String(row.column_refuse) } : null;
}

/** 0 or rejected → 1 (under review). False when the current status does not allow applying. */
export async function applyForColumn(database: Db, memberId: number, now: number): Promise<boolean> {
  const res = await database.db
    .updateTable('members')
    .set({ column_status: ColumnStatus.UnderReview, column_refuse: '', updated_at: now })
    .where('id', '=', memberId)
    .where((eb) => eb.or([eb('column_status', '=', ColumnStatus.NotApplied), eb('column_status', '<', 0)]))
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
  const row = await database.db
    .selectFrom('column_categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------- column articles ----------

const ARTICLE_COLUMNS = [
  'id',
  'title',
  'channel',
  'category',
  'content',
  'description',
  'keyword',
  'is_push',
  'status',
  'refuse',
  'created_at',
] as const;

interface ColumnArticleRow {
  id: number;
  title: string;
  channel: number;
  category: number;
  content: string;
  description: string;
  keyword: string;
  is_push: number;
  status: number;
  refuse: string;
  created_at: number;
}

function toColumnArticle(row: ColumnArticleRow): ColumnArticle {
  const status = Number(row.status);
  return {
    id: Number(row.id),
    title: row.title,
    channel: Number(row.channel),
    category: Number(row.category),
    // Sanitised again on the way out (DESIGN.md section 5): rows written by anything but this API stay inert.
    content: sanitizeArticleHtml(row.content),
    description: row.description,
    keyword: row.keyword,
    is_push: Number(row.is_push) === 1 ? 1 : 0,
    status,
    showStatus: ARTICLE_STATUS_TEXT[status] ?? '',
    refuse: status === ArticleStatus.Rejected ? row.refuse : '',
    created_at: formatTime(row.created_at),
  };
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
  const [rows, count] = await Promise.all([
    query
      .select(ARTICLE_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => toColumnArticle(r as ColumnArticleRow)), total: Number(count.n) };
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
  return row ? toColumnArticle(row as ColumnArticleRow) : null;
}

export interface ArticleFields {
  title: string;
  channel: number;
  category: number;
  /** Already sanitised. */
  content: string;
  description: string;
  keyword: string;
  is_push: number;
  status: number;
}

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
 * Deletes the member's own article; false when it is not theirs. A published copy is hidden
 * (status 0) rather than deleted, so links to it answer "not found" instead of breaking the index.
 */
export async function deleteArticle(database: Db, memberId: number, id: number): Promise<boolean> {
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
    if (!row) return false;
    if (row.article_id !== null) {
      const articleId = Number(row.article_id);
      await removeFromIndex(inTx(database, trx), [articleId]);
      await trx.updateTable('articles').set({ status: 0 }).where('id', '=', articleId).execute();
    }
    return true;
  });
}

// ---------- editor review (pnpm admin) ----------

export interface PendingColumn {
  member_id: number;
  username: string;
  mobile: string;
  email: string;
  company: string;
  applied_at: number;
}
export interface PendingArticle {
  id: number;
  member_id: number;
  username: string;
  title: string;
  category: string;
  created_at: number;
}

export async function listPending(
  database: Db,
): Promise<{ columns: PendingColumn[]; articles: PendingArticle[] }> {
  const columns = await database.db
    .selectFrom('members')
    .select(['id', 'username', 'mobile', 'email', 'company', 'updated_at'])
    .where('column_status', '=', ColumnStatus.UnderReview)
    .orderBy('updated_at')
    .execute();
  const articles = await database.db
    .selectFrom('column_articles as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .leftJoin('column_categories as c', 'c.id', 'a.category')
    .select(['a.id', 'a.member_id', 'm.username', 'a.title', 'c.name as category', 'a.created_at'])
    .where('a.status', '=', ArticleStatus.Pending)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
  return {
    columns: columns.map((r) => ({
      member_id: Number(r.id),
      username: r.username,
      mobile: r.mobile,
      email: r.email,
      company: String(r.company),
      applied_at: Number(r.updated_at),
    })),
    articles: articles.map((r) => ({
      id: Number(r.id),
      member_id: Number(r.member_id),
      username: r.username,
      title: r.title,
      category: r.category ?? '',
      created_at: Number(r.created_at),
    })),
  };
}

/** A refusal says why, with the API code a caller maps it to: unknown id, or a state that does not allow it. */
export type ReviewResult =
  | { ok: true; detail?: string }
  | { ok: false; code: typeof ErrorCode.NotFound | typeof ErrorCode.Conflict; reason: string };

/** Column application: under review → approved (2) or rejected (-1 with the refusal text). */
export async function reviewColumn(
  database: Db,
  memberId: number,
  approve: boolean,
  reason: string,
  now: number,
): Promise<ReviewResult> {
  const state = await columnState(database, memberId);
  if (!state) return { ok: false, code: ErrorCode.NotFound, reason: `会员 ${memberId} 不存在` };
  if (state.status !== ColumnStatus.UnderReview) {
    return {
      ok: false,
      code: ErrorCode.Conflict,
      reason: `会员 ${memberId} 的专栏状态为 ${state.status}，不是待审核 (1)`,
    };
  }
  const res = await database.db
    .updateTable('members')
    .set({
      column_status: approve ? ColumnStatus.Approved : ColumnStatus.Rejected,
      column_refuse: approve ? '' : reason,
      updated_at: now,
    })
    .where('id', '=', memberId)
    .where('column_status', '=', ColumnStatus.UnderReview)
    .executeTakeFirst();
  // Reviewed by someone else in the meantime.
  if (Number(res.numUpdatedRows) !== 1) {
    return { ok: false, code: ErrorCode.Conflict, reason: `会员 ${memberId} 的专栏已被处理` };
  }
  return { ok: true };
}

/** Rejects a pending article (status -1 with the refusal text). */
export async function rejectArticle(
  database: Db,
  id: number,
  reason: string,
  now: number,
): Promise<ReviewResult> {
  const res = await database.db
    .updateTable('column_articles')
    .set({ status: ArticleStatus.Rejected, refuse: reason, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', ArticleStatus.Pending)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return { ok: true };
  return notPending(database, id);
}

async function notPending(database: Db, id: number): Promise<ReviewResult> {
  const row = await database.db
    .selectFrom('column_articles')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        ok: false,
        code: ErrorCode.Conflict,
        reason: `文章 ${id} 的状态为 ${Number(row.status)}，不是待审核 (1)`,
      }
    : { ok: false, code: ErrorCode.NotFound, reason: `文章 ${id} 不存在` };
}

/**
 * Approves a pending article: publishes it in its category's public cat_id (a new row of
 * `articles`, or the existing one when an approved article was edited and re-reviewed), indexes
 * it for search, and sets the column article to 3 with the public article_id.
 */
export async function approveArticle(database: Db, id: number, now: number): Promise<ReviewResult> {
  // One write transaction (IMMEDIATE on SQLite) for the claim, the publish and the search index.
  const outcome = await writeTx(database, async (trx): Promise<ReviewResult | null> => {
    const row = await trx
      .selectFrom('column_articles as a')
      .innerJoin('members as m', 'm.id', 'a.member_id')
      .leftJoin('column_categories as c', 'c.id', 'a.category')
      .select([
        'a.id',
        'a.member_id',
        'a.title',
        'a.content',
        'a.description',
        'a.keyword',
        'a.status',
        'a.article_id',
        'm.username',
        'c.cat_id',
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!row || Number(row.status) !== ArticleStatus.Pending) return null;
    if (row.cat_id === null) {
      return { ok: false, code: ErrorCode.Conflict, reason: `文章 ${id} 的分类不存在，无法发布` };
    }
    // Claim it: only an article that is STILL pending moves (a concurrent approval, rejection,
    // edit or delete that came first leaves 0 rows, and this approval publishes nothing).
    const claimed = await trx
      .updateTable('column_articles')
      .set({ status: ArticleStatus.Approved, refuse: '', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', ArticleStatus.Pending)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    const tx = inTx(database, trx);
    const content = sanitizeArticleHtml(row.content);
    const description = row.description || htmlText(content).slice(0, 120);
    const values = {
      cat_id: Number(row.cat_id),
      title: row.title,
      description,
      keyword: row.keyword,
      author: row.username,
      source_name: '会员专栏',
      content,
      status: 1,
      member_id: Number(row.member_id),
    };
    const existing =
      row.article_id === null
        ? undefined
        : await trx
            .selectFrom('articles')
            .select(['id', 'created_at'])
            .where('id', '=', Number(row.article_id))
            .executeTakeFirst();
    let articleId: number;
    let createdAt = now;
    if (existing) {
      // An approved article that was edited and re-reviewed: same public id, re-indexed text.
      articleId = Number(existing.id);
      createdAt = Number(existing.created_at);
      await removeFromIndex(tx, [articleId]);
      await trx.updateTable('articles').set(values).where('id', '=', articleId).execute();
    } else {
      const inserted = await trx
        .insertInto('articles')
        .values({ ...values, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      articleId = Number(inserted.id);
    }
    await indexArticles(tx, [
      {
        id: articleId,
        title: values.title,
        description,
        keyword: values.keyword,
        content,
        created_at: createdAt,
      },
    ]);
    await trx.updateTable('column_articles').set({ article_id: articleId }).where('id', '=', id).execute();
    return { ok: true, detail: `公开文章 id ${articleId}` };
  });
  return outcome ?? notPending(database, id);
}
