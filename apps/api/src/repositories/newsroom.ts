import {
  PublicationStatus,
  type AdminArticle,
  type AdminArticleSummary,
  type ArticleInput,
  type EditConflict,
  type Paged,
  type PublishResult,
  type Revision,
  type RevisionSummary,
  PUBLICATION_STATUS_LABEL,
  TIMED_UNPUBLISH_LABEL,
} from '@portal/api-client/admin';
import { CATEGORY_PAGES, NewsStatus } from '@portal/api-client/constants';
import { ARTICLE_FIELDS, ARTICLE_FORM_ORDER } from '@portal/api-client/entities/article';
import { officeFromRow, officeToRow, writtenColumns } from '@portal/api-client/entities/derive';
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../db';
import { contains } from '../db/like';
import type { DB } from '../db/schema';
import { removeFromIndex } from '../db/search-index';
import { storedHtml } from '../lib/sanitize';
import { announcePublished } from './articles';
import { articleUrl, categoryAlias } from './mappers';
import { recordAudit } from './audit';
import { writeTxDb } from './write-tx';
import { claimVersion, versionOf } from './versions';
import { queueArticlePurge } from './cdn-purge';
import { pageOf, paged } from './paging';

/**
 * The newsroom's articles: drafts, scheduled and published articles, unpublishing, revisions.
 * Only published articles are in the search index: publishing indexes, unpublishing and deleting
 * remove (while the row still holds the indexed text), editing a published article re-indexes.
 */

/** articles.status values (001 used 1 for published; the newsroom adds the others). */
export const ARTICLE_DB_STATUS: Record<PublicationStatus, number> = {
  draft: NewsStatus.Draft,
  published: NewsStatus.Published,
  scheduled: NewsStatus.Scheduled,
  unpublished: NewsStatus.Unpublished,
};
const STATUS_BY_DB = new Map(Object.entries(ARTICLE_DB_STATUS).map(([k, v]) => [v, k as PublicationStatus]));

/** Who is acting: an editor, or the scheduler ('system'). */
/** The entity name of newsroom articles in record_versions. */
const ARTICLE_ENTITY = 'article';

export interface Actor {
  editorId: number | null;
  editor: string;
  /** The client address of the request (audit records carry it); absent for the CLI and scheduler. */
  ip?: string;
}

const CATEGORY_BY_ALIAS = new Map(CATEGORY_PAGES.map((c) => [c.alias.toLowerCase(), c]));

/** Category id of a route alias (`AI`, case-insensitive), or null when no category page has it. */
export function categoryIdOf(alias: string): number | null {
  return CATEGORY_BY_ALIAS.get(alias.toLowerCase())?.id ?? null;
}
function categoryName(catId: number): string {
  return CATEGORY_PAGES.find((c) => c.id === catId)?.name ?? '';
}

const iso = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

const SUMMARY_COLUMNS = [
  'id',
  'cat_id',
  'title',
  'status',
  'author',
  'is_hot',
  'is_recommend',
  'publish_at',
  'unpublish_at',
  'created_at',
  'updated_at',
  'member_id',
] as const;

/** The summary's columns as the table holds them (db/schema: entities/article.ts and the newsroom's state). */
type SummaryRow = Pick<Selectable<DB['articles']>, (typeof SUMMARY_COLUMNS)[number]>;

function toSummary(r: SummaryRow): AdminArticleSummary {
  const status = STATUS_BY_DB.get(Number(r.status)) ?? PublicationStatus.Draft;
  const id = Number(r.id);
  const catId = Number(r.cat_id);
  return {
    id,
    title: r.title,
    category: categoryAlias(catId),
    categoryName: categoryName(catId),
    status,
    author: r.author,
    is_hot: Number(r.is_hot) === 1,
    is_recommend: Number(r.is_recommend) === 1,
    publishAt: status === PublicationStatus.Scheduled ? iso(r.publish_at) : null,
    publishedAt: status === PublicationStatus.Published ? iso(r.created_at) : null,
    unpublishAt: iso(r.unpublish_at),
    updatedAt: iso(r.updated_at ?? r.created_at) as string,
    url: articleUrl(id, catId),
    memberId: r.member_id === null ? null : Number(r.member_id),
  };
}

export interface ArticleQuery {
  status?: PublicationStatus;
  catId?: number;
  /** Title contains (case-insensitive, literal). */
  q?: string;
  /** Created (or published) within [from, to), epoch ms. */
  from?: number;
  to?: number;
  page: number;
  pageSize: number;
}

export async function listArticles(database: Db, q: ArticleQuery): Promise<Paged<AdminArticleSummary>> {
  let query = database.db.selectFrom('articles');
  if (q.status) query = query.where('status', '=', ARTICLE_DB_STATUS[q.status]);
  if (q.catId !== undefined) query = query.where('cat_id', '=', q.catId);
  if (q.q) query = query.where(contains('title', q.q));
  // created_at is the public time once published, the creation time before: newest first on
  // the (status, created_at, id) index the public lists use.
  if (q.from !== undefined) query = query.where('created_at', '>=', q.from);
  if (q.to !== undefined) query = query.where('created_at', '<', q.to);
  const { rows, total } = await paged(
    query,
    (all) => all.select(SUMMARY_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    pageOf(q.page, q.pageSize),
  );
  return { total, items: rows.map(toSummary) };
}

/** The summary's columns and those of the article form (entities/article.ts). */
const FULL_COLUMNS = [
  ...SUMMARY_COLUMNS,
  ...writtenColumns(ARTICLE_FIELDS, 'update', ARTICLE_FORM_ORDER).filter(
    (c) => !(SUMMARY_COLUMNS as readonly string[]).includes(c),
  ),
] as const;

export async function getArticle(database: Db, id: number): Promise<AdminArticle | null> {
  const row = await database.db
    .selectFrom('articles')
    .select(FULL_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const [{ n }] = await database.db
    .selectFrom('article_revisions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('article_id', '=', id)
    .execute();
  return {
    ...toSummary(row),
    ...officeFromRow(ARTICLE_FIELDS, 'update', row, ARTICLE_FORM_ORDER),
    revisions: Number(n),
    version: await versionOf(database, ARTICLE_ENTITY, id),
  };
}

/** The stored row of an article form: its columns, the public flags as 0/1, sanitised HTML. */
function rowValues(input: ArticleInput, catId: number) {
  return {
    ...officeToRow(ARTICLE_FIELDS, 'update', input),
    cat_id: catId,
    ...storedHtml(input.content),
  };
}

async function saveRevision(
  db: Kysely<DB>,
  articleId: number,
  actor: Actor,
  input: ArticleInput,
  now: number,
) {
  await db
    .insertInto('article_revisions')
    .values({ article_id: articleId, editor: actor.editor, data: JSON.stringify(input), created_at: now })
    .execute();
}

async function statusOf(db: Kysely<DB>, id: number): Promise<PublicationStatus | null> {
  const row = await db.selectFrom('articles').select('status').where('id', '=', id).executeTakeFirst();
  return row ? (STATUS_BY_DB.get(Number(row.status)) ?? null) : null;
}

/** A new draft; the form is the first revision. */
export async function createArticle(
  database: Db,
  input: ArticleInput,
  catId: number,
  actor: Actor,
  now: number,
): Promise<number> {
  return writeTxDb(database, async (tx) => {
    const { id } = await tx.db
      .insertInto('articles')
      .values({
        ...rowValues(input, catId),
        admin_name: actor.editor,
        status: ARTICLE_DB_STATUS.draft,
        member_id: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveRevision(tx.db, Number(id), actor, input, now);
    await recordAudit(
      tx.db,
      { ...actor, action: 'create', entity: 'article', entityId: id, detail: input.title },
      now,
    );
    return Number(id);
  });
}

/**
 * Saves an edit (a new revision). A published article is re-indexed; a scheduled one stays
 * scheduled and publishes this version at its time. Null when the article does not exist.
 */
/** How a save ended: saved at its new version, no such article, or overtaken by another save. */
export type SaveOutcome = { version: number } | { conflict: EditConflict } | 'not_found';

/**
 * Saves the form as the article's new revision and version. With `expected` (the version the
 * editor's copy started from) nothing is written when someone saved in between.
 */
export async function updateArticle(
  database: Db,
  id: number,
  input: ArticleInput,
  catId: number,
  actor: Actor,
  now: number,
  { action = 'update', expected }: { action?: string; expected?: number } = {},
): Promise<SaveOutcome> {
  return writeTxDb(database, async (tx) => {
    const before = await tx.db
      .selectFrom('articles')
      .select(['status', 'cat_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) return 'not_found';
    const claim = await claimVersion(tx, ARTICLE_ENTITY, id, expected, actor, now);
    if ('conflict' in claim) return claim;
    const published = Number(before.status) === ARTICLE_DB_STATUS.published;
    if (published) await removeFromIndex(tx, [id]);
    await tx.db
      .updateTable('articles')
      .set({ ...rowValues(input, catId), admin_name: actor.editor, updated_at: now })
      .where('id', '=', id)
      .execute();
    if (published) {
      // A changed public article is indexed and pushed to search engines again, and purged at the
      // CDN (where it was listed before too, when its category changed).
      await announcePublished(tx, id, now);
      const formerCatId = Number(before.cat_id);
      await queueArticlePurge(tx, [id], now, formerCatId === catId ? undefined : formerCatId);
    }
    await saveRevision(tx.db, id, actor, input, now);
    await recordAudit(tx.db, { ...actor, action, entity: 'article', entityId: id, detail: input.title }, now);
    return claim;
  });
}

export async function deleteArticle(database: Db, id: number, actor: Actor, now: number): Promise<boolean> {
  return writeTxDb(database, async (tx) => {
    const status = await statusOf(tx.db, id);
    if (status === null) return false;
    if (status === PublicationStatus.Published) {
      await removeFromIndex(tx, [id]);
      await queueArticlePurge(tx, [id], now);
    }
    const { title } = await tx.db
      .selectFrom('articles')
      .select('title')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await tx.db.deleteFrom('article_revisions').where('article_id', '=', id).execute();
    await tx.db.deleteFrom('articles').where('id', '=', id).execute();
    // A column article that pointed at it goes back to the member's list as approved-but-unlinked.
    await tx.db
      .updateTable('column_articles')
      .set({ article_id: null })
      .where('article_id', '=', id)
      .execute();
    await recordAudit(
      tx.db,
      { ...actor, action: 'delete', entity: 'article', entityId: id, detail: title },
      now,
    );
    return true;
  });
}

export type PublishOutcome = PublishResult | 'not_found' | 'already_published';

/**
 * Publishes now, or schedules for `at` (epoch ms in the future). A draft or scheduled article
 * takes the publication time as its public time; an unpublished one keeps its original time.
 */
export async function publishArticle(
  database: Db,
  id: number,
  at: number | null,
  actor: Actor,
  now: number,
): Promise<PublishOutcome> {
  return writeTxDb(database, async (tx) => {
    const row = await tx.db
      .selectFrom('articles')
      .select(['status', 'cat_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return 'not_found';
    const status = STATUS_BY_DB.get(Number(row.status)) ?? PublicationStatus.Draft;
    const url = articleUrl(id, Number(row.cat_id));
    if (status === PublicationStatus.Published) return 'already_published';
    if (at !== null && at > now) {
      await tx.db
        .updateTable('articles')
        .set({ status: ARTICLE_DB_STATUS.scheduled, publish_at: at, updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit(
        tx.db,
        { ...actor, action: 'schedule', entity: 'article', entityId: id, detail: new Date(at).toISOString() },
        now,
      );
      return { id, status: PublicationStatus.Scheduled, url };
    }
    await makePublic(tx, id, status, now);
    await recordAudit(tx.db, { ...actor, action: 'publish', entity: 'article', entityId: id }, now);
    return { id, status: PublicationStatus.Published, url };
  });
}

/** The status flip, the search index and the search engine push, inside the caller's transaction. */
async function makePublic(tx: Db, id: number, from: PublicationStatus, publishedAt: number): Promise<void> {
  const keepTime = from === PublicationStatus.Unpublished;
  await tx.db
    .updateTable('articles')
    .set({
      status: ARTICLE_DB_STATUS.published,
      publish_at: null,
      ...(keepTime ? {} : { created_at: publishedAt }),
    })
    .where('id', '=', id)
    .execute();
  await announcePublished(tx, id, publishedAt);
  await queueArticlePurge(tx, [id], publishedAt);
}

/** Takes a published article off the site (404 on every page); a scheduled one goes back to draft. */
export async function unpublishArticle(
  database: Db,
  id: number,
  actor: Actor,
  now: number,
): Promise<PublicationStatus | null> {
  return writeTxDb(database, async (tx) => {
    const status = await statusOf(tx.db, id);
    if (status === null) return null;
    let next: PublicationStatus = status;
    if (status === PublicationStatus.Published) {
      await removeFromIndex(tx, [id]);
      await queueArticlePurge(tx, [id], now);
      next = PublicationStatus.Unpublished;
    } else if (status === PublicationStatus.Scheduled) {
      next = PublicationStatus.Draft;
    }
    if (next !== status) {
      await tx.db
        .updateTable('articles')
        .set({ status: ARTICLE_DB_STATUS[next], publish_at: null, unpublish_at: null, updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit(tx.db, { ...actor, action: 'unpublish', entity: 'article', entityId: id }, now);
    }
    return next;
  });
}

/**
 * Flips every article of `status` whose time in `at` has come (100 a pass), each by `flip` in its
 * own write transaction, audited as the system's `action`. `flip` answers false when another
 * process got there first (its update was conditional): with several processes each flip happens
 * once. The ids flipped here.
 */
async function flipDue(
  database: Db,
  due: { status: number; at: 'publish_at' | 'unpublish_at' },
  now: number,
  audit: { action: string; detail: string },
  flip: (tx: Db, id: number) => Promise<boolean>,
): Promise<number[]> {
  const rows = await database.db
    .selectFrom('articles')
    .select('id')
    .where('status', '=', due.status)
    .where(due.at, '<=', now)
    .orderBy(due.at)
    .limit(100)
    .execute();
  const flipped: number[] = [];
  for (const row of rows) {
    const id = Number(row.id);
    const done = await writeTxDb(database, async (tx) => {
      if (!(await flip(tx, id))) return false;
      await recordAudit(
        tx.db,
        { editorId: null, editor: 'system', entity: 'article', entityId: id, ...audit },
        now,
      );
      return true;
    });
    if (done) flipped.push(id);
  }
  return flipped;
}

/** Publishes every scheduled article that is due, exactly once across processes. */
export function publishDue(database: Db, now: number): Promise<number[]> {
  return flipDue(
    database,
    { status: ARTICLE_DB_STATUS.scheduled, at: 'publish_at' },
    now,
    { action: 'publish', detail: PUBLICATION_STATUS_LABEL[PublicationStatus.Scheduled] },
    async (tx, id) => {
      const row = await tx.db
        .selectFrom('articles')
        .select('publish_at')
        .where('id', '=', id)
        .where('status', '=', ARTICLE_DB_STATUS.scheduled)
        .where('publish_at', '<=', now)
        .executeTakeFirst();
      if (!row) return false; // another process got there first, or the schedule moved
      const res = await tx.db
        .updateTable('articles')
        .set({ status: ARTICLE_DB_STATUS.published })
        .where('id', '=', id)
        .where('status', '=', ARTICLE_DB_STATUS.scheduled)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false;
      await makePublic(tx, id, PublicationStatus.Scheduled, Number(row.publish_at));
      return true;
    },
  );
}

export type UnpublishAtOutcome = 'done' | 'not_found' | 'not_public';

/**
 * Sets (or, with null, clears) the time a published or scheduled article goes offline by itself
 * (下线时间). The caller checks that the time is ahead of now and of a scheduled publication.
 */
export async function setUnpublishAt(
  database: Db,
  id: number,
  at: number | null,
  actor: Actor,
  now: number,
): Promise<UnpublishAtOutcome> {
  return writeTxDb(database, async (tx) => {
    const status = await statusOf(tx.db, id);
    if (status === null) return 'not_found';
    if (status !== PublicationStatus.Published && status !== PublicationStatus.Scheduled) return 'not_public';
    await tx.db.updateTable('articles').set({ unpublish_at: at }).where('id', '=', id).execute();
    const detail = at === null ? '取消定时下线' : new Date(at).toISOString();
    await recordAudit(
      tx.db,
      { ...actor, action: 'schedule-unpublish', entity: 'article', entityId: id, detail },
      now,
    );
    return 'done';
  });
}

/** Takes offline every published article whose 下线时间 has come, exactly once across processes. */
export function unpublishDue(database: Db, now: number): Promise<number[]> {
  return flipDue(
    database,
    { status: ARTICLE_DB_STATUS.published, at: 'unpublish_at' },
    now,
    { action: 'unpublish', detail: TIMED_UNPUBLISH_LABEL },
    async (tx, id) => {
      const res = await tx.db
        .updateTable('articles')
        .set({ status: ARTICLE_DB_STATUS.unpublished, unpublish_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', ARTICLE_DB_STATUS.published)
        .where('unpublish_at', '<=', now)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) !== 1) return false; // another process got there first
      await removeFromIndex(tx, [id]);
      await queueArticlePurge(tx, [id], now);
      return true;
    },
  );
}

export async function listRevisions(database: Db, articleId: number): Promise<RevisionSummary[]> {
  const rows = await database.db
    .selectFrom('article_revisions')
    .select(['id', 'editor', 'data', 'created_at'])
    .where('article_id', '=', articleId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    editor: r.editor,
    title: (JSON.parse(r.data) as ArticleInput).title,
    createdAt: iso(r.created_at) as string,
  }));
}

export async function getRevision(
  database: Db,
  articleId: number,
  revisionId: number,
): Promise<Revision | null> {
  const r = await database.db
    .selectFrom('article_revisions')
    .select(['id', 'editor', 'data', 'created_at'])
    .where('article_id', '=', articleId)
    .where('id', '=', revisionId)
    .executeTakeFirst();
  if (!r) return null;
  const article = JSON.parse(r.data) as ArticleInput;
  return {
    id: Number(r.id),
    editor: r.editor,
    title: article.title,
    createdAt: iso(r.created_at) as string,
    article,
  };
}
