import type { ListItem } from '@portal/api-client/contract';
import type { Db } from '../db';
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
