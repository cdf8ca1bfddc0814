import { INNER_PAGE_ITEMS } from '@portal/api-client/constants';
import type { ListItem, TopicDetail } from '@portal/api-client/contract';
import type { Db } from '../db';
import { listByIds, listLatest, pageOf } from './articles';
import { TOPIC_COLUMNS, topicToListItem } from './mappers';

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
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A topic with its articles: the ones the editor picked (topics.articles, published only, in the
 * picked order) when there are any, else the newest of its category (all categories for cat_id 0).
 * Null when there is no such topic.
 */
export async function topicDetail(database: Db, id: number): Promise<TopicDetail | null> {
  const row = await database.db
    .selectFrom('topics')
    .select([...TOPIC_COLUMNS, 'cat_id', 'articles'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  let ids: number[] = [];
  try {
    const parsed: unknown = JSON.parse(row.articles);
    if (Array.isArray(parsed)) ids = parsed.filter((x): x is number => Number.isSafeInteger(x)).slice(0, 100);
  } catch {
    // A corrupt list picks nothing: the category's newest show.
  }
  const picked = await listByIds(database, ids);
  const list =
    picked.length > 0
      ? picked
      : (await listLatest(database, Number(row.cat_id), pageOf(1, INNER_PAGE_ITEMS))).items;
  return { ...topicToListItem(row), list };
}
