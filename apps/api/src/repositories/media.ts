import type { ListItem, Video, WhitePaper } from '@portal/api-client/contract';
import type { Db } from '../db';
import { VIDEO_COLUMNS, WHITE_PAPER_COLUMNS, toVideo, toWhitePaper, videoToListItem } from './mappers';

/** Videos and white papers. */

/** Newest videos, of one category (catId > 0) or all, with the total. */
export async function listVideos(
  database: Db,
  catId: number,
  offset: number,
  limit: number,
): Promise<{ items: Video[]; total: number }> {
  let rows = database.db.selectFrom('videos').select(VIDEO_COLUMNS);
  let count = database.db.selectFrom('videos').select((eb) => eb.fn.countAll<number>().as('n'));
  if (catId > 0) {
    rows = rows.where('cat_id', '=', catId);
    count = count.where('cat_id', '=', catId);
  }
  const [list, n] = await Promise.all([
    rows.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items: list.map(toVideo), total: Number(n.n) };
}

/** The video page carousel: videos marked top, newest first. */
export async function listTopVideos(database: Db, limit: number): Promise<Video[]> {
  const rows = await database.db
    .selectFrom('videos')
    .select(VIDEO_COLUMNS)
    .where('is_top', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toVideo);
}

export async function getVideo(database: Db, id: number): Promise<(Video & { cat_id: number }) | null> {
  const row = await database.db
    .selectFrom('videos')
    .select([...VIDEO_COLUMNS, 'cat_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { ...toVideo(row), cat_id: Number(row.cat_id) } : null;
}

/** Other videos of the same category, newest first. */
export async function listRelatedVideos(
  database: Db,
  id: number,
  catId: number,
  limit: number,
): Promise<Video[]> {
  const rows = await database.db
    .selectFrom('videos')
    .select(VIDEO_COLUMNS)
    .where('cat_id', '=', catId)
    .where('id', '<>', id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toVideo);
}

/** Newest white papers, of one category (catId > 0) or all, with the total. */
export async function listWhitePapers(
  database: Db,
  offset: number,
  limit: number,
  catId = 0,
): Promise<{ items: WhitePaper[]; total: number }> {
  let rows = database.db.selectFrom('white_papers').select(WHITE_PAPER_COLUMNS);
  let count = database.db.selectFrom('white_papers').select((eb) => eb.fn.countAll<number>().as('n'));
  if (catId > 0) {
    rows = rows.where('cat_id', '=', catId);
    count = count.where('cat_id', '=', catId);
  }
  const [list, n] = await Promise.all([
    rows.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { items: list.map(toWhitePaper), total: Number(n.n) };
}

export async function getWhitePaper(database: Db, id: number): Promise<WhitePaper | null> {
  const row = await database.db
    .selectFrom('white_papers')
    .select(WHITE_PAPER_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toWhitePaper(row) : null;
}

/** What white_paper_file needs: the stored file path (DATA_DIR-relative) and the title for its name. */
export async function getWhitePaperFile(
  database: Db,
  id: number,
): Promise<{ id: number; title: string; path: string; is_free: number } | null> {
  const row = await database.db
    .selectFrom('white_papers')
    .select(['id', 'title', 'url', 'is_free'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: Number(row.id), title: row.title, path: row.url, is_free: Number(row.is_free) } : null;
}

/** Newest videos as list items (mobile menu feeds), with the total. */
export async function listVideoItems(
  database: Db,
  offset: number,
  limit: number,
): Promise<{ items: ListItem[]; total: number }> {
  const [rows, n] = await Promise.all([
    database.db
      .selectFrom('videos')
      .select(VIDEO_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    database.db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(videoToListItem), total: Number(n.n) };
}

/** Newest white papers as list items (mobile menu feeds), with the total. */
export async function listWhitePaperItems(
  database: Db,
  offset: number,
  limit: number,
): Promise<{ items: ListItem[]; total: number }> {
  const { items, total } = await listWhitePapers(database, offset, limit);
  return {
    items: items.map((w) => ({
      id: w.id,
      title: w.title,
      description: w.description,
      url: w.url,
      thumb: w.thumb,
      keyword: '',
      created_at: w.created_at,
    })),
    total,
  };
}
