import type { Selectable } from 'kysely';
import type { ListItem, TopicDetail } from '@portal/api-client/contract';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { TOPIC_FIELDS } from '@portal/api-client/entities/topic';
import { href } from '@portal/routes';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { formatTime } from '../lib/time';
import { listByIds, listLatest, pageOf } from './articles';

/** A topic as entities/topic.ts declares it: a list item. */
const TOPIC_COLUMNS = columnsFor(TOPIC_FIELDS, 'public');
type TopicRow = Pick<Selectable<DB['topics']>, (typeof TOPIC_COLUMNS)[number]>;

/** A topic links to its page, unless the editor gave it an address of its own (a campaign site). */
const topicToListItem = (row: TopicRow): ListItem =>
  fromRow(TOPIC_FIELDS, 'public', row, {
    url: row.url || href.topic(Number(row.id)),
    keyword: '',
    created_at: formatTime(row.created_at),
  });

/** Readers see published topics only (migration 008): drafts have no page and are in no list. */
const PUBLISHED = 1;

/** The article ids a topic picked (its `articles` JSON); none, its category's newest show. */
function topicPicks(json: string): number[] {
  try {
    const parsed: unknown = JSON.parse(json);
    if (Array.isArray(parsed))
      return parsed.filter((x): x is number => Number.isSafeInteger(x)).slice(0, 100);
  } catch {
    // A corrupt list picks nothing: the category's newest show.
  }
  return [];
}

/**
 * The published topics whose page shows one of the articles `ids`: by picking it, or, picking
 * none, by listing the newest of its category (`catIds`, the articles' categories now and before
 * a move; a topic of category 0 lists every category's).
 */
export async function topicsShowing(
  database: Db,
  ids: readonly number[],
  catIds: readonly number[],
): Promise<number[]> {
  // Category 0's newest changes with any article's change, not with one's former category alone.
  const cats = new Set(ids.length > 0 ? [0, ...catIds] : catIds);
  if (cats.size === 0) return [];
  const rows = await database.db
    .selectFrom('topics')
    .select(['id', 'cat_id', 'articles'])
    .where('published', '=', PUBLISHED)
    // A rough match in SQL (`%12%` also finds 112), the exact one below.
    .where((eb) =>
      eb.or([eb('cat_id', 'in', [...cats]), ...ids.map((id) => eb('articles', 'like', `%${id}%`))]),
    )
    .execute();
  const shown = new Set(ids);
  return rows
    .filter((r) => {
      const picks = topicPicks(r.articles);
      return picks.length > 0 ? picks.some((id) => shown.has(id)) : cats.has(Number(r.cat_id));
    })
    .map((r) => Number(r.id));
}

/** Featured topics (home) and special topics (home, category pages), newest first on topics_kind. */
export async function listTopics(
  database: Db,
  kind: 'featured' | 'special',
  catId: number,
  limit: number,
  offset = 0,
): Promise<ListItem[]> {
  const rows = await database.db
    .selectFrom('topics')
    .select(TOPIC_COLUMNS)
    .where('kind', '=', kind)
    .where('cat_id', '=', catId)
    .where('published', '=', PUBLISHED)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(topicToListItem);
}

export async function countTopics(
  database: Db,
  kind: 'featured' | 'special',
  catId: number,
): Promise<number> {
  const row = await database.db
    .selectFrom('topics')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', kind)
    .where('cat_id', '=', catId)
    .where('published', '=', PUBLISHED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A published topic with one page of its articles and their total: the ones the editor picked
 * (topics.articles, published only, in the picked order) when there are any, else the newest of
 * its category (all categories for cat_id 0). Null when there is no such published topic.
 */
export async function topicDetail(
  database: Db,
  id: number,
  page: number,
  pageSize: number,
): Promise<{ topic: TopicDetail; total: number } | null> {
  const row = await database.db
    .selectFrom('topics')
    .select([...TOPIC_COLUMNS, 'cat_id', 'articles'])
    .where('id', '=', id)
    .where('published', '=', PUBLISHED)
    .executeTakeFirst();
  if (!row) return null;
  // The picks are a few dozen at most (RESOURCE_LIMITS.articles): read them all, page in memory.
  const picked = await listByIds(database, topicPicks(row.articles));
  const { offset, limit } = pageOf(page, pageSize);
  const { items, total } =
    picked.length > 0
      ? { items: picked.slice(offset, offset + limit), total: picked.length }
      : await listLatest(database, Number(row.cat_id), { offset, limit });
  return { topic: { ...topicToListItem(row), list: items }, total };
}
