import { sql, type Kysely } from 'kysely';
import type { Db } from './database';
import { htmlToText, indexTerms } from './tokenize';

/** The article fields the search index is built from. */
export interface IndexableArticle {
  id: number;
  title: string;
  description: string;
  keyword: string;
  content: string;
  created_at: number;
}

export interface ArticleTerms {
  id: number;
  created_at: number;
  /** Bigram sequence of title + keywords. */
  title: string;
  /** Bigram sequence of description + body text. */
  body: string;
  /** Distinct CJK characters of all of it (one-character queries). */
  uni: string;
}

/** Index terms of one article, as stored in article_fts / article_search. */
export function articleTerms(row: IndexableArticle): ArticleTerms {
  const title = indexTerms(`${row.title} ${row.keyword}`);
  const body = indexTerms(`${row.description} ${htmlToText(row.content)}`);
  const uni = new Set<string>();
  for (const part of [title.uni, body.uni]) for (const ch of part.split(' ')) if (ch) uni.add(ch);
  return {
    id: row.id,
    created_at: row.created_at,
    title: title.seq,
    body: body.seq,
    uni: [...uni].join(' '),
  };
}

/** Rows per INSERT: far below SQLite's 32766 bound variables and PostgreSQL's 65535. */
const CHUNK = 200;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Add articles to the search index (SQLite FTS5 `article_fts`, PostgreSQL `article_search`).
 * PostgreSQL upserts. The SQLite table is contentless: indexing an already indexed id adds a second
 * copy of its terms, so to re-index changed text call `removeFromIndex` first, while the article
 * row still holds the old text. Runs in one transaction unless `database.db` already is one.
 */
export async function indexArticles(database: Db, rows: readonly IndexableArticle[]): Promise<void> {
  if (rows.length === 0) return;
  const terms = rows.map(articleTerms);
  await inTransaction(database, async (db) => {
    for (const part of chunks(terms, CHUNK)) await writeTerms({ ...database, db }, part);
  });
}

/** Write precomputed terms (used by the scale seeder, which tokenises while it generates). */
export async function writeTerms(database: Db, terms: readonly ArticleTerms[]): Promise<void> {
  if (terms.length === 0) return;
  if (database.dialect === 'postgres') {
    // One statement per batch: arrays unnested server-side, tsvector weighted as the migration describes.
    await sql`
      insert into article_search (article_id, created_at, doc)
      select t.id, t.created_at,
        setweight(to_tsvector('simple', t.title), 'A') ||
        setweight(to_tsvector('simple', t.body), 'B') ||
        setweight(to_tsvector('simple', t.uni), 'D')
      from unnest(
        ${terms.map((t) => t.id)}::bigint[], ${terms.map((t) => t.created_at)}::bigint[],
        ${terms.map((t) => t.title)}::text[], ${terms.map((t) => t.body)}::text[], ${terms.map((t) => t.uni)}::text[]
      ) as t(id, created_at, title, body, uni)
      on conflict (article_id) do update set created_at = excluded.created_at, doc = excluded.doc
    `.execute(database.db);
    return;
  }
  for (const part of chunks(terms, CHUNK)) {
    await database.db
      .insertInto('article_fts')
      .values(part.map((t) => ({ rowid: t.id, title: t.title, body: t.body, uni: t.uni })))
      .execute();
  }
}

/**
 * Remove articles from the search index. Call it before changing an indexed article's title,
 * keywords, description or content, or before deleting it: SQLite's contentless FTS5 table can only
 * forget a row when given the exact terms it indexed, which are recomputed from the article row.
 */
export async function removeFromIndex(database: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await inTransaction(database, async (db) => {
    for (const part of chunks(ids, CHUNK)) {
      if (database.dialect === 'postgres') {
        await db.deleteFrom('article_search').where('article_id', 'in', part).execute();
        continue;
      }
      const rows = await db
        .selectFrom('articles')
        .select(['id', 'title', 'description', 'keyword', 'content', 'created_at'])
        .where('id', 'in', part)
        .execute();
      for (const row of rows) {
        const t = articleTerms(row);
        // FTS5's 'delete' command: the special column named after the table.
        await sql`insert into article_fts(article_fts, rowid, title, body, uni) values ('delete', ${t.id}, ${t.title}, ${t.body}, ${t.uni})`.execute(
          db,
        );
      }
    }
  });
}

async function inTransaction(database: Db, work: (db: Db['db']) => Promise<void>): Promise<void> {
  if (database.db.isTransaction || database.inTransaction) {
    await work(database.db);
    return;
  }
  await database.db.transaction().execute((trx) => work(trx));
}

// ---- PostgreSQL: the terms index (issue 15) ----

/** Prefix of the title lexemes in `terms` (tokens are letters and digits only, so it never collides). */
export const TITLE_MARK = '~';

/** GIN over `article_search.terms`: single terms and title terms match from the index alone. */
export const TERMS_INDEX = 'article_search_terms';
/** The order of a search page, newest first and ties by id, walked for common terms. */
const NEWEST_INDEX = 'article_search_newest';
/** Migration 011's RUM index, dropped by 012 (see enableTermsSearch). */
const RUM_INDEX = 'article_search_rum';

/** The terms index's definition; also rebuilt by the scale seeder after a bulk load. */
export const createTermsIndexSql = sql`create index if not exists ${sql.raw(TERMS_INDEX)} on article_search
  using gin (terms)`;

/** `terms`: the lexemes of `doc` without positions or weights, plus each title lexeme again marked. */
async function addTermsColumn<T>(db: Kysely<T>): Promise<void> {
  await sql`create or replace function article_search_terms(doc tsvector) returns tsvector
    language sql immutable parallel safe as $$
      select strip(doc) || array_to_tsvector(array(
        select '${sql.raw(TITLE_MARK)}' || l from unnest(tsvector_to_array(ts_filter(doc, '{a}'))) l))
    $$`.execute(db);
  await sql`alter table article_search add column if not exists terms tsvector
    generated always as (article_search_terms(doc)) stored`.execute(db);
}

/**
 * Migration 011 (kept as it ran): the RUM index over `terms` where the rum extension could be created.
 * Superseded by 012: at a million articles RUM collected and sorted the whole posting list of a
 * common term for every page (60 to 100 ms, temporary files), and its order_by_attach mode has
 * open wrong-result bugs upstream (postgrespro/rum#79).
 */
export async function enableRumSearch<T>(db: Kysely<T>): Promise<boolean> {
  const available = await sql<{ ok: boolean }>`select exists (
      select 1 from pg_available_extensions where name = 'rum') as ok`.execute(db);
  if (!available.rows[0]?.ok) return false;
  const work = async (trx: Kysely<T>) => {
    await sql`savepoint enable_rum`.execute(trx);
    try {
      await sql`create extension if not exists rum`.execute(trx);
    } catch {
      // Present on disk but not creatable by this role (it needs a superuser).
      await sql`rollback to savepoint enable_rum`.execute(trx);
      return false;
    }
    await addTermsColumn(trx);
    await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
    await sql`create index if not exists ${sql.raw(RUM_INDEX)} on article_search
      using rum (terms rum_tsvector_addon_ops, created_at)
      with (attach = 'created_at', to = 'terms', order_by_attach = 't')`.execute(trx);
    return true;
  };
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/**
 * Migration 012: search reads `terms` through a GIN index (no extension needed). A query of single
 * terms (2-character words, Latin words, title or not) is answered by the index without rechecking
 * rows; a phrase of 3 or more characters is narrowed by its bigrams and checked against `doc`. A
 * page of a common term is read by walking the newest articles in NEWEST_INDEX order; a rarer
 * term's few matches come from the GIN index and are sorted (repositories/search.ts).
 * `terms` is generated from `doc`, so writers keep writing `doc` only.
 */
export async function enableTermsSearch<T>(db: Kysely<T>): Promise<void> {
  const work = async (trx: Kysely<T>) => {
    await addTermsColumn(trx);
    await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
    await createTermsIndexSql.execute(trx);
    await sql`create index if not exists ${sql.raw(NEWEST_INDEX)} on article_search
      (created_at desc, article_id desc)`.execute(trx);
    await sql`drop index if exists article_search_latest`.execute(trx);
    await sql`drop index if exists ${sql.raw(RUM_INDEX)}`.execute(trx);
  };
  if (db.isTransaction) return work(db);
  return db.transaction().execute(work);
}

/** Which index PostgreSQL search reads: `terms` once migration 012 ran (tests also run the `doc` GIN path). */
export async function pgSearchIndex<T>(db: Kysely<T>): Promise<'terms' | 'gin'> {
  const res = await sql<{ ok: boolean }>`select to_regclass(${TERMS_INDEX}) is not null as ok`.execute(db);
  return res.rows[0]?.ok ? 'terms' : 'gin';
}
