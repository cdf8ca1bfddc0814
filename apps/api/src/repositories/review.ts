import type { ColumnApplication, Paged, PendingColumnArticle } from '@portal/api-client/admin';
import { ErrorCode } from '@portal/api-client/codes';
import { ArticleStatus, ColumnStatus, NewsStatus } from '@portal/api-client/constants';
import { COLUMN_ARTICLE_FIELDS } from '@portal/api-client/entities/column-article';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { MEMBER_FIELDS } from '@portal/api-client/entities/member';
import type { Kysely } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { removeFromIndex } from '../db/search-index';
import { maskPhone } from '../lib/phone-mask';
import { SANITIZER_VERSION, htmlText, servedHtml } from '../lib/sanitize';
import { announcePublished } from './articles';
import { type AuditRecord, recordAudit } from './audit';
import { paged } from './paging';
import { inTx, writeTx } from './write-tx';
import { queueArticlePurge } from './cdn-purge';

/**
 * The editorial review flow, in one place for both of its front ends (the back office's
 * /admin/api/review and `pnpm admin`): the queues of column applications and column articles
 * waiting for a decision, and the decisions themselves. The member's own side of a column
 * (applying, writing) is repositories/columns.ts.
 */

const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** What waits in each queue. */
export interface ReviewQueues {
  columns: ColumnApplication;
  articles: PendingColumnArticle;
}
export type ReviewKind = keyof ReviewQueues;

/** One page of a queue, oldest submission first (the order editors work through it). */
export async function listReviewQueue<K extends ReviewKind>(
  database: Db,
  kind: K,
  page: number,
  pageSize: number,
): Promise<Paged<ReviewQueues[K]>> {
  const offset = (page - 1) * pageSize;
  // Each queue's count and rows come from the same base query, so the total always matches the items.
  const [total, items] =
    kind === 'columns'
      ? await columnApplications(database, pageSize, offset)
      : await pendingArticles(database, pageSize, offset);
  return { total, items: items as ReviewQueues[K][] };
}

/** The applicant's fields the back office reads of a member (entities/member.ts). */
const APPLICANT_COLUMNS = columnsFor(MEMBER_FIELDS, 'office').map((c) => `m.${c}` as const);

async function columnApplications(
  database: Db,
  limit: number,
  offset: number,
): Promise<[number, ColumnApplication[]]> {
  const base = database.db.selectFrom('members as m').where('m.column_status', '=', ColumnStatus.UnderReview);
  const { rows, total } = await paged(
    base,
    (all) =>
      all
        .leftJoin('options as ind', (j) =>
          j.onRef('ind.id', '=', 'm.industry').on('ind.kind', '=', 'industry'),
        )
        .leftJoin('options as pos', (j) =>
          j.onRef('pos.id', '=', 'm.position').on('pos.kind', '=', 'position'),
        )
        .select([
          'm.id',
          ...APPLICANT_COLUMNS,
          'm.updated_at',
          'ind.name as industry',
          'pos.name as position',
        ])
        .orderBy('m.updated_at')
        .orderBy('m.id'),
    { offset, limit },
  );
  return [
    total,
    rows.map((r) => ({
      memberId: Number(r.id),
      // Masked like every back-office list; the member's page reveals it, audited.
      ...fromRow(MEMBER_FIELDS, 'office', r, { mobile: maskPhone(r.mobile) }),
      industry: r.industry ?? '',
      position: r.position ?? '',
      appliedAt: iso(r.updated_at),
    })),
  ];
}

/** The texts the editors read of a column article (entities/column-article.ts). */
const REVIEWED_COLUMNS = columnsFor(COLUMN_ARTICLE_FIELDS, 'office').map((c) => `a.${c}` as const);

async function pendingArticles(
  database: Db,
  limit: number,
  offset: number,
): Promise<[number, PendingColumnArticle[]]> {
  const base = database.db.selectFrom('column_articles as a').where('a.status', '=', ArticleStatus.Pending);
  const { rows, total } = await paged(
    base,
    (all) =>
      all
        .innerJoin('members as m', 'm.id', 'a.member_id')
        .leftJoin('column_categories as c', 'c.id', 'a.category')
        .select([
          'a.id',
          'a.member_id',
          'm.username',
          ...REVIEWED_COLUMNS,
          'c.name as category',
          'a.content_sanitizer',
          'a.updated_at',
        ])
        .orderBy('a.updated_at')
        .orderBy('a.id'),
    { offset, limit },
  );
  return [
    total,
    rows.map((r) => {
      const { title, description, keyword, content } = fromRow(COLUMN_ARTICLE_FIELDS, 'office', r, {
        // Previewed in the back office as stored: sanitised when the member saved it.
        content: servedHtml(r.content, r.content_sanitizer),
      });
      // The answer's order: the category's name among the texts.
      return {
        id: Number(r.id),
        memberId: Number(r.member_id),
        username: r.username,
        title,
        category: r.category ?? '',
        description,
        keyword,
        content,
        submittedAt: iso(r.updated_at),
      };
    }),
  ];
}

/** A refusal says why, with the API code a caller maps it to: unknown id, or a state that does not allow it. */
export type ReviewResult =
  | {
      ok: true;
      detail?: string;
      /** The public article an approved column article became. */
      articleId?: number;
    }
  | { ok: false; code: typeof ErrorCode.NotFound | typeof ErrorCode.Conflict; reason: string };

/** One editor's decision on one queue entry (a member id for columns, a column article id for articles). */
interface ReviewDecision {
  kind: ReviewKind;
  id: number;
  approve: boolean;
  /** The refusal text a rejection shows the member ('' for an approval). */
  reason: string;
}

/** Who decided: an editor of the back office, or `pnpm admin` ('cli'). */
export type Reviewer = Pick<AuditRecord, 'editorId' | 'editor' | 'ip'>;

/**
 * Decides one entry that is still pending, in one write transaction (IMMEDIATE on SQLite) with its
 * audit record: a column application is approved or rejected with its reason; a column article is
 * rejected, or approved and published (see publish). Anything not pending any more changes nothing.
 */
export async function decide(
  database: Db,
  decision: ReviewDecision,
  reviewer: Reviewer,
  now: number,
): Promise<ReviewResult> {
  const { kind, id, approve, reason } = decision;
  const outcome = await writeTx(database, async (trx): Promise<ReviewResult | null> => {
    const result =
      kind === 'articles' && approve
        ? await publish(inTx(database, trx), id, now)
        : await settle(trx, decision, now);
    if (result?.ok) {
      await recordAudit(
        trx,
        {
          ...reviewer,
          action: approve ? 'approve' : 'reject',
          entity: kind === 'columns' ? 'column' : 'column_article',
          entityId: id,
          detail: approve ? (result.detail ?? '') : reason,
        },
        now,
      );
    }
    return result;
  });
  return outcome ?? whyNotPending(database, kind, id);
}

/**
 * The decisions that change one row: a column application (under review → approved, or rejected
 * with the refusal text) and the rejection of a column article. Null when it is not pending.
 */
async function settle(
  trx: Kysely<DB>,
  { kind, id, approve, reason }: ReviewDecision,
  now: number,
): Promise<ReviewResult | null> {
  const res =
    kind === 'columns'
      ? await trx
          .updateTable('members')
          .set({
            column_status: approve ? ColumnStatus.Approved : ColumnStatus.Rejected,
            column_refuse: approve ? '' : reason,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('column_status', '=', ColumnStatus.UnderReview)
          .executeTakeFirst()
      : await trx
          .updateTable('column_articles')
          .set({ status: ArticleStatus.Rejected, refuse: reason, updated_at: now })
          .where('id', '=', id)
          .where('status', '=', ArticleStatus.Pending)
          .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? { ok: true } : null;
}

/** Why a decision changed nothing: the entry does not exist, or its status is not the pending one. */
async function whyNotPending(database: Db, kind: ReviewKind, id: number): Promise<ReviewResult> {
  const row =
    kind === 'columns'
      ? await database.db
          .selectFrom('members')
          .select('column_status as status')
          .where('id', '=', id)
          .executeTakeFirst()
      : await database.db
          .selectFrom('column_articles')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirst();
  const [what, status, pending] =
    kind === 'columns'
      ? [`会员 ${id}`, `会员 ${id} 的专栏状态`, ColumnStatus.UnderReview]
      : [`文章 ${id}`, `文章 ${id} 的状态`, ArticleStatus.Pending];
  if (!row) return { ok: false, code: ErrorCode.NotFound, reason: `${what} 不存在` };
  const reason = `${status}为 ${Number(row.status)}，不是待审核 (${pending})`;
  return { ok: false, code: ErrorCode.Conflict, reason };
}

/**
 * Approves a pending column article inside the caller's transaction: publishes it in its
 * category's public cat_id (a new row of `articles`, or the existing one when an approved article
 * was edited and re-reviewed), indexes it for search, and marks the column article approved with
 * the public article_id. Null when it is not pending.
 */
async function publish(tx: Db, id: number, now: number): Promise<ReviewResult | null> {
  const trx = tx.db;
  const row = await trx
    .selectFrom('column_articles as a')
    .innerJoin('members as m', 'm.id', 'a.member_id')
    .leftJoin('column_categories as c', 'c.id', 'a.category')
    .select([
      'a.id',
      'a.member_id',
      ...REVIEWED_COLUMNS,
      'a.content_sanitizer',
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
  const content = servedHtml(row.content, row.content_sanitizer);
  const description = row.description || htmlText(content).slice(0, 120);
  const values = {
    cat_id: Number(row.cat_id),
    title: row.title,
    description,
    keyword: row.keyword,
    author: row.username,
    source_name: '会员专栏',
    content,
    content_sanitizer: SANITIZER_VERSION,
    status: NewsStatus.Published,
    member_id: Number(row.member_id),
  };
  const existing =
    row.article_id === null
      ? undefined
      : await trx
          .selectFrom('articles')
          .select(['id', 'cat_id'])
          .where('id', '=', Number(row.article_id))
          .executeTakeFirst();
  let articleId: number;
  if (existing) {
    // An approved article that was edited and re-reviewed: same public id, re-indexed text.
    articleId = Number(existing.id);
    await removeFromIndex(tx, [articleId]);
    await trx
      .updateTable('articles')
      .set({ ...values, updated_at: now })
      .where('id', '=', articleId)
      .execute();
  } else {
    const inserted = await trx
      .insertInto('articles')
      .values({ ...values, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    articleId = Number(inserted.id);
  }
  await trx.updateTable('column_articles').set({ article_id: articleId }).where('id', '=', id).execute();
  await announcePublished(tx, articleId, now);
  const formerCatId = existing ? Number(existing.cat_id) : values.cat_id;
  await queueArticlePurge(tx, [articleId], now, formerCatId === values.cat_id ? undefined : formerCatId);
  return { ok: true, detail: `公开文章 id ${articleId}`, articleId };
}
