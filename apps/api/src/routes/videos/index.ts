import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { PAGE_SIZE, RELATED_VIDEOS, SECTION_ID } from '@portal/api-client/constants';
import { ApiError, okPage } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { defineCall } from '../define-call';
import { getVideo, listRelatedVideos, listTopVideos, listVideos } from '../../repositories/media';
import { pageOf } from '../../repositories/articles';

/** The video section id (43) and 0 both mean every video. */
const videoCat = (catId: number) => (catId === SECTION_ID.video ? 0 : catId);

export default async function videoRoutes(app: FastifyInstance) {
  // Every call here is a cached public read: a replica may answer it (db/replicas.ts).
  const db = app.readDb;
  const cache = { cache: true };

  defineCall(
    app,
    'video_detail',
    async ({ id }) => {
      const video = await getVideo(db, id);
      if (!video) throw new ApiError(ErrorCode.NotFound, '视频不存在');
      const { cat_id, ...rest } = video;
      return ok({ ...rest, relate: await listRelatedVideos(db, id, cat_id, RELATED_VIDEOS) });
    },
    cache,
  );
  defineCall(
    app,
    'mvideo_list',
    async ({ page, pageSize }) => {
      const { offset, limit } = pageOf(page, pageSize);
      const { items, total } = await listVideos(db, 0, offset, limit);
      return ok({ list: items }, { total });
    },
    cache,
  );
  // The /video carousel: one desktop page of videos marked top.
  defineCall(app, 'get_schoolTop', async () => ok(await listTopVideos(db, PAGE_SIZE.videoDesktop)), cache);
  defineCall(
    app,
    'get_school',
    async ({ cat_id, page, pageSize }) => {
      const { offset, limit } = pageOf(page, pageSize);
      return okPage(await listVideos(db, videoCat(cat_id), offset, limit));
    },
    cache,
  );
}
