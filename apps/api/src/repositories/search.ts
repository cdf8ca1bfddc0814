import { sql, type Compilable, type RawBuilder } from 'kysely';
import type { ListItem } from '@portal/api-client/contract';
import type { Db } from '../db';
import { TITLE_MARK } from '../db/search-index';
import { queryGroups, type QueryGroup } from '../db/tokenize';
import { listByIds, type CountCache } from './articles';
import { noMemo } from './paging';

/**
 * Article search on the index of db/search-index.ts; the only dialect-specific queries of the API.
 *  - SQLite FTS5 `article_fts(title, body, uni)`: a CJK group of >= 2 chars is the phrase of its
 *    bigrams on `{title body}`, a single CJK char a term of `uni`, a Latin word a token.
 *  - PostgreSQL `article_search.doc`: the same phrase as `<->`; no weights when matching anywhere
 *    (bigrams, words and unigrams never collide), so GIN answers plain terms without rechecking
 *    the documents; weight A restricts the title phase.
 * All groups are ANDed. Results: title matches first, then the rest, each newest first, read as two
 * index-ordered phases stitched with offset arithmetic. Newest is the highest rowid on SQLite (FTS5
 * orders by rowid only; article ids are assigned in publication order) and created_at on PostgreSQL.
 * A query with a one-character group is newest first only: the index keeps unigrams for title and
 * body together, and a title-bigram prefix match (云*) costs hundreds of ms at 300k articles.
 *
 * PostgreSQL after migration 012 (`database.pgSearch === 'terms'`, db/search-index.ts) runs the
 * same matches on `terms`: each group's tokens ANDed, title tokens marked instead of weighted, so
 * the GIN index answers them without rechecking rows; only a phrase of 3 or more characters also
 * checks `doc` (the GIN path's tsquery). A page is first looked for among the newest articles, read
 * in page order (a common term fills its page there after a few dozen rows); when they do not hold
 * it, the term is rare and its matches come from the GIN index, sorted (`pageIds`).
 */

/**
 * Counting every match of a very common term (一, 的) would walk a huge posting list per request:
 * totals stop at this many (1000 pages of 10), which is as far as anyone pages.
 */
export const SEARCH_COUNT_CAP = 10_000;

export interface SearchPlan {
  groups: QueryGroup[];
  /** Query terms as typed (CJK runs, lower-cased words) for highlighting. */
  keys: string[];
}

/** Rebuild a group's text: a bigram chain "华为 为云" is "华为云". */
function groupText(g: QueryGroup): string {
  return g.tokens.reduce((acc, t, i) => (i === 0 ? t : acc + Array.from(t).slice(1).join('')), '');
}

export function planSearch(text: string): SearchPlan {
  const groups = queryGroups(text);
  return { groups, keys: [...new Set(groups.map(groupText))] };
}

// ---- match expressions ----
// Tokens contain letters and digits only (tokenize.ts), so quoting them needs no escaping.

function ftsGroup(g: QueryGroup, titleOnly: boolean): string {
  const phrase = `"${g.tokens.join(' ')}"`;
  if (g.single) return `uni : ${phrase}`;
  return `${titleOnly ? 'title' : '{title body}'} : ${phrase}`;
}

function tsGroup(g: QueryGroup, titleOnly: boolean): string {
  const weight = titleOnly ? ':A' : '';
  return `(${g.tokens.map((t) => `'${t}'${weight}`).join(' <-> ')})`;
}

/** A group on `terms`: its tokens all present (order and adjacency are for `doc` to check). */
function termsGroup(g: QueryGroup, titleOnly: boolean): string {
  const mark = titleOnly ? TITLE_MARK : '';
  return `(${g.tokens.map((t) => `'${mark}${t}'`).join(' & ')})`;
}

/**
 * One match: `text` is the FTS5 expression or the tsquery on `doc` (GIN); on the terms index,
 * `terms` is the tsquery on `terms`, and `recheck` says `text` must hold too (phrases).
 */
interface Match {
  text: string;
  terms?: string;
  recheck?: boolean;
}

interface MatchSet {
  all: Match;
  /** Title matches and the rest (phase 1 and 2); null when the query has a one-character group. */
  phases: { title: Match; rest: Match } | null;
}

function matchSet(database: Db, groups: QueryGroup[]): MatchSet {
  const pg = database.dialect === 'postgres';
  const group = pg ? tsGroup : ftsGroup;
  const and = pg ? ' & ' : ' AND ';
  const all = groups.map((g) => group(g, false)).join(and);
  const title = groups.map((g) => group(g, true)).join(and);
  const rest = pg ? `(${all}) & !(${title})` : `(${all}) NOT (${title})`;
  const single = groups.some((g) => g.single);
  if (!pg || database.pgSearch !== 'terms') {
    return { all: { text: all }, phases: single ? null : { title: { text: title }, rest: { text: rest } } };
  }
  const recheck = groups.some((g) => g.tokens.length > 1);
  const allTerms = groups.map((g) => termsGroup(g, false)).join(' & ');
  const titleTerms = groups.map((g) => termsGroup(g, true)).join(' & ');
  return {
    all: { text: all, terms: allTerms, recheck },
    phases: single
      ? null
      : {
          title: { text: title, terms: titleTerms, recheck },
          // Without phrases the terms decide alone; with one, a title holding its bigrams apart
          // belongs here, so only `doc` can tell the title matches out.
          rest: { text: rest, terms: recheck ? allTerms : `(${allTerms}) & !(${titleTerms})`, recheck },
        },
  };
}

const pgMatch = (match: string) => sql<boolean>`doc @@ to_tsquery('simple', ${match})`;
const ftsMatch = (match: string) => sql<boolean>`article_fts match ${match}`;
/** A cast, not to_tsquery: the tokens need no parsing, and the marked title lexemes must stay whole. */
const termsMatch = (terms: string) => sql<boolean>`terms @@ ${terms}::tsquery`;

/** `m`'s conditions on article_search rows, or on a subquery of them (GIN: `doc`; terms: `terms`, and `doc` for phrases). */
function pgWhere<Q extends { where(expression: RawBuilder<boolean>): Q }>(query: Q, m: Match): Q {
  if (m.terms === undefined) return query.where(pgMatch(m.text));
  const narrowed = query.where(termsMatch(m.terms));
  return m.recheck ? narrowed.where(pgMatch(m.text)) : narrowed;
}

function pgMatching(database: Db, m: Match) {
  return pgWhere(database.db.selectFrom('article_search'), m);
}

/**
 * The newest articles a page of the terms index is first looked for in: a term in 1 % of the
 * articles fills a page of 10 among them; a rarer one has few enough matches to sort them all.
 */
const NEWEST_WINDOW = 2000;

/** Ids matching `m`, newest first, highest id first within a time. */
function idsQuery(database: Db, m: Match, offset: number, limit: number) {
  if (database.dialect === 'postgres') {
    // On the terms index, in the order of the GIN matches sorted: never a walk of the date index
    // filtered row by row, which for a term rarer than the planner thinks reads every article.
    const newest = m.terms === undefined ? sql`created_at` : sql`created_at + 0`;
    return pgMatching(database, m)
      .select('article_id as id')
      .orderBy(newest, 'desc')
      .orderBy('article_id', 'desc')
      .limit(limit)
      .offset(offset);
  }
  return database.db
    .selectFrom('article_fts')
    .select('rowid as id')
    .where(ftsMatch(m.text))
    .orderBy('rowid', 'desc')
    .limit(limit)
    .offset(offset);
}

/** The NEWEST_WINDOW newest rows of article_search, read in page order from NEWEST_INDEX. */
function newestArticles(database: Db) {
  return (
    database.db
      .selectFrom('article_search')
      // `terms` is generated by PostgreSQL (migration 011/012), not a column writers know.
      .select(['article_id', 'created_at', 'doc', sql<string>`terms`.as('terms')])
      .orderBy('created_at', 'desc')
      .orderBy('article_id', 'desc')
      .limit(NEWEST_WINDOW)
      .as('newest')
  );
}

/** Ids matching `m` among the newest articles, in page order (terms index). */
function newestQuery(database: Db, m: Match, offset: number, limit: number) {
  return pgWhere(database.db.selectFrom(newestArticles(database)), m)
    .select('article_id as id')
    .orderBy('created_at', 'desc')
    .orderBy('article_id', 'desc')
    .limit(limit)
    .offset(offset);
}

/** Number of matches, stopping at `cap`; `newest`: among the newest articles only (terms index). */
function countQuery(database: Db, m: Match, cap: number, newest = false) {
  if (database.dialect === 'postgres') {
    const q = newest
      ? pgWhere(database.db.selectFrom(newestArticles(database)), m)
          .select('article_id')
          .limit(cap)
      : pgMatching(database, m).select('article_id').limit(cap);
    return database.db.selectFrom(q.as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
  }
  const q = database.db.selectFrom('article_fts').select('rowid').where(ftsMatch(m.text)).limit(cap);
  return database.db.selectFrom(q.as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * Matches counted up to `cap`. On the terms index a common term reaches a small cap among the
 * newest articles; only a rarer one is counted from the GIN index.
 */
async function countUpTo(database: Db, m: Match, cap: number): Promise<number> {
  const count = async (newest: boolean) =>
    Number((await countQuery(database, m, cap, newest).executeTakeFirstOrThrow()).n);
  if (m.terms !== undefined && cap <= NEWEST_WINDOW) {
    const n = await count(true);
    if (n === cap) return n;
  }
  return count(false);
}

/**
 * A page of ids, newest first and then highest id first. On the terms index: from the newest
 * articles when they hold the whole page (a common term), else from all the matches (a rare one).
 */
async function pageIds(database: Db, m: Match, offset: number, limit: number): Promise<number[]> {
  const ids = async (query: { execute(): Promise<{ id: number }[]> }) =>
    (await query.execute()).map((r) => Number(r.id));
  if (m.terms !== undefined && offset + limit <= NEWEST_WINDOW) {
    const newest = await ids(newestQuery(database, m, offset, limit));
    if (newest.length === limit) return newest;
  }
  return ids(idsQuery(database, m, offset, limit));
}

/**
 * The planner settings of one search on PostgreSQL. Sequential scans off: the planner does not
 * price detoasting every tsvector, and for a common term it would pick a seq scan (seconds at 100k
 * articles) over the GIN index (milliseconds).
 */
export const SEARCH_SETTINGS = ['enable_seqscan = off'];

/** Runs one search's statements; on PostgreSQL in one transaction under SEARCH_SETTINGS. */
function inSearchScope<T>(database: Db, work: (database: Db) => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work(database);
  return database.db.transaction().execute(async (trx) => {
    for (const setting of SEARCH_SETTINGS) await sql`set local ${sql.raw(setting)}`.execute(trx);
    return work({ ...database, db: trx });
  });
}

/** The queries one search runs for a page (exposed so tests can EXPLAIN them). */
export function searchQueries(database: Db, text: string, offset = 0, limit = 10): Compilable[] {
  const { groups } = planSearch(text);
  if (groups.length === 0) return [];
  const m = matchSet(database, groups);
  const all = countQuery(database, m.all, SEARCH_COUNT_CAP);
  // On the terms index a page is first looked for among the newest articles (`pageIds`).
  const pages = (x: Match, from: number): Compilable[] =>
    x.terms === undefined
      ? [idsQuery(database, x, from, limit)]
      : [newestQuery(database, x, from, limit), idsQuery(database, x, from, limit)];
  if (!m.phases) return [all, ...pages(m.all, offset)];
  const titleCount = (x: Match): Compilable[] =>
    x.terms === undefined
      ? [countQuery(database, x, offset + limit)]
      : [countQuery(database, x, offset + limit, true), countQuery(database, x, offset + limit)];
  return [all, ...titleCount(m.phases.title), ...pages(m.phases.title, offset), ...pages(m.phases.rest, 0)];
}

export interface SearchResult {
  items: ListItem[];
  total: number;
  keys: string[];
}

export async function searchArticles(
  database: Db,
  text: string,
  offset: number,
  limit: number,
  counts: CountCache = noMemo,
): Promise<SearchResult> {
  const { groups, keys } = planSearch(text);
  if (groups.length === 0) return { items: [], total: 0, keys };
  const m = matchSet(database, groups);
  const { ids, total } = await inSearchScope(database, (scoped) =>
    pageOfMatches(scoped, m, offset, limit, counts),
  );
  const items = await listByIds(database, ids);
  return { items: items.map((item) => ({ ...item, keys })), total, keys };
}

async function pageOfMatches(
  database: Db,
  m: MatchSet,
  offset: number,
  limit: number,
  counts: CountCache,
): Promise<{ ids: number[]; total: number }> {
  const countAll = counts(`search:${m.all.text}`, () => countUpTo(database, m.all, SEARCH_COUNT_CAP));
  if (!m.phases) {
    const [total, ids] = await Promise.all([countAll, pageIds(database, m.all, offset, limit)]);
    return { ids, total };
  }
  const { title, rest } = m.phases;
  // Title matches are only counted as far as this page reaches: beyond that, the page is all
  // title matches and where phase 2 starts does not matter.
  const [total, titleSeen] = await Promise.all([countAll, countUpTo(database, title, offset + limit)]);
  const ids: number[] = [];
  if (offset < titleSeen) {
    ids.push(...(await pageIds(database, title, offset, limit)));
  }
  const need = limit - ids.length;
  // Reaching here with room left means titleSeen < offset + limit: the exact number of title matches.
  if (need > 0 && offset + ids.length < total) {
    ids.push(...(await pageIds(database, rest, Math.max(0, offset - titleSeen), need)));
  }
  return { ids, total };
}
