import { sql } from 'kysely';
import type { Db } from './index';
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
