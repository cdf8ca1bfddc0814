import { sql, type Compilable } from 'kysely';
import type { ListItem } from '@portal/api-client/contract';
import type { Db } from '../db';
import { queryGroups, type QueryGroup } from '../db/tokenize';
import { listByIds, uncachedCount, type CountCache } from './articles';

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

interface MatchSet {
  all: string;
  /** Title matches and the rest (phase 1 and 2); null when the query has a one-character group. */
  phases: { title: string; rest: string } | null;
}

function matchSet(database: Db, groups: QueryGroup[]): MatchSet {
  const pg = database.dialect === 'postgres';
  const group = pg ? tsGroup : ftsGroup;
  const and = pg ? ' & ' : ' AND ';
  const all = groups.map((g) => group(g, false)).join(and);
  if (groups.some((g) => g.single)) return { all, phases: null };
  const title = groups.map((g) => group(g, true)).join(and);
  return { all, phases: { title, rest: pg ? `(${all}) & !(${title})` : `(${all}) NOT (${title})` } };
}

const pgMatch = (match: string) => sql<boolean>`doc @@ to_tsquery('simple', ${match})`;
const ftsMatch = (match: string) => sql<boolean>`article_fts match ${match}`;

/** Ids matching `match`, newest first. */
function idsQuery(database: Db, match: string, offset: number, limit: number) {
  if (database.dialect === 'postgres') {
    return database.db
      .selectFrom('article_search')
      .select('article_id as id')
      .where(pgMatch(match))
      .orderBy('created_at', 'desc')
      .orderBy('article_id', 'desc')
      .limit(limit)
      .offset(offset);
  }
  return database.db
    .selectFrom('article_fts')
    .select('rowid as id')
    .where(ftsMatch(match))
    .orderBy('rowid', 'desc')
    .limit(limit)
    .offset(offset);
}

/** Number of matches, stopping at `cap`. */
function countQuery(database: Db, match: string, cap: number) {
  if (database.dialect === 'postgres') {
    const q = database.db.selectFrom('article_search').select('article_id').where(pgMatch(match)).limit(cap);
    return database.db.selectFrom(q.as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
  }
  const q = database.db.selectFrom('article_fts').select('rowid').where(ftsMatch(match)).limit(cap);
  return database.db.selectFrom(q.as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * Runs one search's statements. On PostgreSQL in one transaction with sequential scans off: the
 * planner does not price detoasting every tsvector, and for a common term it would pick a seq scan
 * (seconds at 100k articles) over the GIN index (milliseconds).
 */
function inSearchScope<T>(database: Db, work: (database: Db) => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work(database);
  return database.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return work({ ...database, db: trx });
  });
}

/** The queries one search runs for a page (exposed so tests can EXPLAIN them). */
export function searchQueries(database: Db, text: string, offset = 0, limit = 10): Compilable[] {
  const { groups } = planSearch(text);
  if (groups.length === 0) return [];
  const m = matchSet(database, groups);
  const all = countQuery(database, m.all, SEARCH_COUNT_CAP);
  if (!m.phases) return [all, idsQuery(database, m.all, offset, limit)];
  return [
    all,
    countQuery(database, m.phases.title, offset + limit),
    idsQuery(database, m.phases.title, offset, limit),
    idsQuery(database, m.phases.rest, 0, limit),
  ];
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
  counts: CountCache = uncachedCount,
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
  const countAll = counts(`search:${m.all}`, async () =>
    Number((await countQuery(database, m.all, SEARCH_COUNT_CAP).executeTakeFirstOrThrow()).n),
  ).then((n) => ({ n }));
  if (!m.phases) {
    const [count, rows] = await Promise.all([countAll, idsQuery(database, m.all, offset, limit).execute()]);
    return { ids: rows.map((r) => Number(r.id)), total: Number(count.n) };
  }
  const { title, rest } = m.phases;
  // Title matches are only counted as far as this page reaches: beyond that, the page is all
  // title matches and where phase 2 starts does not matter.
  const [allRow, titleRow] = await Promise.all([
    countAll,
    countQuery(database, title, offset + limit).executeTakeFirstOrThrow(),
  ]);
  const total = Number(allRow.n);
  const titleSeen = Number(titleRow.n);
  const ids: number[] = [];
  if (offset < titleSeen) {
    const rows = await idsQuery(database, title, offset, limit).execute();
    ids.push(...rows.map((r) => Number(r.id)));
  }
  const need = limit - ids.length;
  // Reaching here with room left means titleSeen < offset + limit: the exact number of title matches.
  if (need > 0 && offset + ids.length < total) {
    const rows = await idsQuery(database, rest, Math.max(0, offset - titleSeen), need).execute();
    ids.push(...rows.map((r) => Number(r.id)));
  }
  return { ids, total };
}
