import type { Selectable } from 'kysely';
import { isPaidPaper } from '@portal/api-client/constants';
import type { ListItem, Video, WhitePaper } from '@portal/api-client/contract';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { VIDEO_FIELDS } from '@portal/api-client/entities/video';
import { WHITE_PAPER_FIELDS } from '@portal/api-client/entities/white-paper';
import { href } from '@portal/routes';
import type { Db } from '../db';
import type { DB } from '../db/schema';
import { formatTime } from '../lib/time';
import { newestFirst, paged } from './paging';

/** Videos and white papers. */

/** A video as entities/video.ts declares it. */
const VIDEO_COLUMNS = columnsFor(VIDEO_FIELDS, 'public');
type VideoRow = Pick<Selectable<DB['videos']>, (typeof VIDEO_COLUMNS)[number]>;

const toVideo = (row: VideoRow): Video =>
  fromRow(VIDEO_FIELDS, 'public', row, { created_at: formatTime(row.created_at) });

const videoToListItem = (video: Video): ListItem => ({
  id: video.id,
  title: video.title,
  description: video.description,
  url: href.video(video.id),
  thumb: video.list_thumb || video.thumb,
  keyword: video.keyword,
  created_at: video.created_at,
});

/** Newest videos, of one category (catId > 0) or all, with the total. */
export async function listVideos(
  database: Db,
  catId: number,
  offset: number,
  limit: number,
): Promise<{ items: Video[]; total: number }> {
  let videos = database.db.selectFrom('videos');
  if (catId > 0) videos = videos.where('cat_id', '=', catId);
  const { rows, total } = await paged(videos, (q) => newestFirst(q.select(VIDEO_COLUMNS), 'created_at'), {
    offset,
    limit,
  });
  return { items: rows.map(toVideo), total };
}

/** The video page carousel: videos marked top, newest first. */
export async function listTopVideos(database: Db, limit: number): Promise<Video[]> {
  const rows = await database.db
    .selectFrom('videos')
    .select(VIDEO_COLUMNS)
    .where('is_top', '=', 1)
    .$call((q) => newestFirst(q, 'created_at'))
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
    .$call((q) => newestFirst(q, 'created_at'))
    .limit(limit)
    .execute();
  return rows.map(toVideo);
}

/** A white paper as entities/white-paper.ts declares it. */
const WHITE_PAPER_COLUMNS = columnsFor(WHITE_PAPER_FIELDS, 'public');
type WhitePaperRow = Pick<Selectable<DB['white_papers']>, (typeof WHITE_PAPER_COLUMNS)[number]>;

function toWhitePaper(row: WhitePaperRow): WhitePaper {
  const paper = fromRow(WHITE_PAPER_FIELDS, 'public', row, { created_at: formatTime(row.created_at) });
  // A paid paper's stored path is never published: readers go to the viewer (desktop route,
  // served at every width), which fetches the file through the member call white_paper_file.
  return isPaidPaper(paper) ? { ...paper, url: href.whitePaper(paper.id) } : paper;
}

/** Newest white papers, of one category (catId > 0) or all, with the total. */
export async function listWhitePapers(
  database: Db,
  offset: number,
  limit: number,
  catId = 0,
): Promise<{ items: WhitePaper[]; total: number }> {
  let papers = database.db.selectFrom('white_papers');
  if (catId > 0) papers = papers.where('cat_id', '=', catId);
  const { rows, total } = await paged(
    papers,
    (q) => newestFirst(q.select(WHITE_PAPER_COLUMNS), 'created_at'),
    { offset, limit },
  );
  return { items: rows.map(toWhitePaper), total };
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
  const { items, total } = await listVideos(database, 0, offset, limit);
  return { items: items.map(videoToListItem), total };
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
