import { sql, type Compilable } from 'kysely';
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
 * PostgreSQL with the RUM index (`database.pgSearch === 'rum'`, db/search-index.ts) runs the same
 * matches on `terms`: each group's tokens ANDed, title tokens marked instead of weighted, in
 * created_at order read from the index, so a page walks about as many index entries as it shows.
 * Only a phrase of 3 or more characters also checks `doc` (the GIN path's tsquery), and only on the
 * rows walked. The index orders by created_at alone; `pageIds` puts ties in article_id order.
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
 * One match: `text` is the FTS5 expression or the tsquery on `doc` (GIN); with the RUM index,
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
  if (!pg || database.pgSearch !== 'rum') {
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
const rumMatch = (terms: string) => sql<boolean>`terms @@ ${terms}::tsquery`;

/** article_search rows matching `m` (GIN: `doc`; RUM: `terms`, and `doc` for phrases). */
function pgMatching(database: Db, m: Match) {
  const from = database.db.selectFrom('article_search');
  if (m.terms === undefined) return from.where(pgMatch(m.text));
  const narrowed = from.where(rumMatch(m.terms));
  return m.recheck ? narrowed.where(pgMatch(m.text)) : narrowed;
}

/**
 * Distance below a time after every article: RUM orders by it inside the index (`<=|` measures
 * only values below it; ascending distance is newest first). 2^53 - 1 keeps the float8 exact.
 */
const NEWEST_FIRST = sql`created_at <=| ${sql.lit(Number.MAX_SAFE_INTEGER)}::bigint`;

/** Ids matching `m`, newest first (RUM: ties on created_at in index order, see `pageIds`). */
function idsQuery(database: Db, m: Match, offset: number, limit: number) {
  if (database.dialect === 'postgres') {
    const q = pgMatching(database, m).select(['article_id as id', 'created_at']);
    const ordered =
      m.terms === undefined
        ? q.orderBy('created_at', 'desc').orderBy('article_id', 'desc')
        : q.orderBy(NEWEST_FIRST);
    return ordered.limit(limit).offset(offset);
  }
  return database.db
    .selectFrom('article_fts')
    .select(['rowid as id', 'rowid as created_at'])
    .where(ftsMatch(m.text))
    .orderBy('rowid', 'desc')
    .limit(limit)
    .offset(offset);
}

/** Ids matching `m` published at `createdAt` (one tie group), highest id first. */
function tiesQuery(database: Db, m: Match, createdAt: number) {
  return pgMatching(database, m)
    .select('article_id as id')
    .where('created_at', '=', createdAt)
    .orderBy('article_id', 'desc');
}

/** Number of matches, stopping at `cap`. */
function countQuery(database: Db, m: Match, cap: number) {
  if (database.dialect === 'postgres') {
    const q = pgMatching(database, m).select('article_id').limit(cap);
    return database.db.selectFrom(q.as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
  }
  const q = database.db.selectFrom('article_fts').select('rowid').where(ftsMatch(m.text)).limit(cap);
  return database.db.selectFrom(q.as('m')).select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * A page of ids, newest first and then highest id first. The RUM index orders by created_at only:
 * rows sharing a created_at are whole inside the page except at its two ends, where such a group
 * may reach across the edge. Those groups are read whole (a few rows, by created_at) and the page
 * keeps as many of their rows as the index gave it, taken in id order. A page inside one group
 * that reaches across its start is read in exact order from all the matches instead.
 */
async function pageIds(database: Db, m: Match, offset: number, limit: number): Promise<number[]> {
  const rows = (await idsQuery(database, m, offset, limit).execute()).map((r) => ({
    id: Number(r.id),
    at: Number(r.created_at),
  }));
  if (m.terms === undefined || rows.length === 0) return rows.map((r) => r.id);
  rows.sort((a, b) => b.at - a.at || b.id - a.id);
  const ids = rows.map((r) => r.id);
  const first = rows[0].at;
  const last = rows[rows.length - 1].at;
  const ties = async (at: number) => (await tiesQuery(database, m, at).execute()).map((r) => Number(r.id));
  // A group continues before the page only past an offset, and after it only on a full page.
  const head = offset > 0 ? await ties(first) : null;
  const full = rows.length === limit;
  if (first === last) {
    if (!full && !head) return ids;
    if (!head) return (await ties(first)).slice(0, limit);
    if (!full) return head.slice(head.length - rows.length);
    if (head.length === rows.length) return ids;
    const exact = await pgMatching(database, m)
      .select('article_id as id')
      .orderBy('created_at', 'desc')
      .orderBy('article_id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return exact.map((r) => Number(r.id));
  }
  const nHead = rows.filter((r) => r.at === first).length;
  const nTail = rows.filter((r) => r.at === last).length;
  const tail = full ? await ties(last) : null;
  return [
    ...(head ? head.slice(head.length - nHead) : ids.slice(0, nHead)),
    ...ids.slice(nHead, ids.length - nTail),
    ...(tail ? tail.slice(0, nTail) : ids.slice(ids.length - nTail)),
  ];
}

/**
 * The planner settings of one search on PostgreSQL. Sequential scans off: the planner does not
 * price detoasting every tsvector, and for a common term it would pick a seq scan (seconds at 100k
 * articles) over the GIN index (milliseconds). On RUM, bitmap scans off too: on a small table the
 * planner would collect every match and sort them rather than read the index in date order.
 */
export function searchSettings(database: Db): string[] {
  return database.pgSearch === 'rum'
    ? ['enable_seqscan = off', 'enable_bitmapscan = off']
    : ['enable_seqscan = off'];
}

/** Runs one search's statements; on PostgreSQL in one transaction under `searchSettings`. */
function inSearchScope<T>(database: Db, work: (database: Db) => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work(database);
  return database.db.transaction().execute(async (trx) => {
    for (const setting of searchSettings(database)) await sql`set local ${sql.raw(setting)}`.execute(trx);
    return work({ ...database, db: trx });
  });
}

/** The queries one search runs for a page (exposed so tests can EXPLAIN them). */
export function searchQueries(database: Db, text: string, offset = 0, limit = 10): Compilable[] {
  const { groups } = planSearch(text);
  if (groups.length === 0) return [];
  const m = matchSet(database, groups);
  const all = countQuery(database, m.all, SEARCH_COUNT_CAP);
  // On RUM a page may also read the matches of one created_at (`pageIds`).
  const ties = m.all.terms === undefined ? [] : [tiesQuery(database, m.all, 0)];
  if (!m.phases) return [all, idsQuery(database, m.all, offset, limit), ...ties];
  return [
    all,
    countQuery(database, m.phases.title, offset + limit),
    idsQuery(database, m.phases.title, offset, limit),
    idsQuery(database, m.phases.rest, 0, limit),
    ...ties,
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
  const countAll = counts(`search:${m.all.text}`, async () =>
    Number((await countQuery(database, m.all, SEARCH_COUNT_CAP).executeTakeFirstOrThrow()).n),
  ).then((n) => ({ n }));
  if (!m.phases) {
    const [count, ids] = await Promise.all([countAll, pageIds(database, m.all, offset, limit)]);
    return { ids, total: Number(count.n) };
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
    ids.push(...(await pageIds(database, title, offset, limit)));
  }
  const need = limit - ids.length;
  // Reaching here with room left means titleSeen < offset + limit: the exact number of title matches.
  if (need > 0 && offset + ids.length < total) {
    ids.push(...(await pageIds(database, rest, Math.max(0, offset - titleSeen), need)));
  }
  return { ids, total };
}
