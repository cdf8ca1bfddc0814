import type { FastifyInstance } from 'fastify';
import {
  HOT_NEWS_HOME,
  HOT_TOPICS,
  INNER_PAGE_ITEMS,
  LATEST_NEWS_HOME,
  PAGE_SIZE,
} from '@portal/api-client/constants';
import { ErrorCode } from '@portal/api-client/codes';
import { ApiError, okPage } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { cachedCounts } from '../../plugins/cache';
import { defineCall } from '../define-call';
import { listFlagged, listLatest, pageOf, pickedArticles } from '../../repositories/articles';
import { listEvents } from '../../repositories/events';
import { listVideos, listWhitePapers } from '../../repositories/media';
import { listTopics, topicDetail } from '../../repositories/topics';
import { menuFeed, mobileTop } from './feeds';

/** Home page blocks (desktop and mobile) and the mobile menu feeds. */
export default async function homeRoutes(app: FastifyInstance) {
  // Every call here is a cached public read: a replica may answer it (db/replicas.ts).
  const db = app.readDb;
  const cache = { cache: true };
  // Article totals shared with cate_list, so they clear together when articles change.
  const counts = cachedCounts(app.readCache, 'cate_list');

  // 最新发布: the newest articles of every category (get_right.hot holds the hot ones).
  defineCall(
    app,
    'get_news',
    async () => {
      // The editors' pinned news first, then the latest, each article once.
      const [pinned, latest] = await Promise.all([
        pickedArticles(db, 'news', 0),
        listLatest(db, 0, pageOf(1, LATEST_NEWS_HOME), counts),
      ]);
      const seen = new Set(pinned.map((a) => a.id));
      return ok([...pinned, ...latest.items.filter((a) => !seen.has(a.id))].slice(0, LATEST_NEWS_HOME));
    },
    cache,
  );
  defineCall(app, 'get_policy', async () => ok(await listFlagged(db, 'is_policy', INNER_PAGE_ITEMS)), cache);
  defineCall(app, 'get_big', async () => ok(await listFlagged(db, 'is_pic', HOT_TOPICS.home)), cache);
  defineCall(app, 'get_cxo', async () => ok(await listTopics(db, 'featured', 0, HOT_TOPICS.home)), cache);
  defineCall(app, 'get_special', async () => ok(await listTopics(db, 'special', 0, HOT_TOPICS.home)), cache);
  defineCall(app, 'get_video', async () => ok((await listVideos(db, 0, 0, HOT_TOPICS.home)).items), cache);
  defineCall(
    app,
    'get_activity',
    async () => ok((await listEvents(db, {}, 0, INNER_PAGE_ITEMS, Date.now())).items),
    cache,
  );
  defineCall(
    app,
    'get_right',
    async () => {
      const [activities, hot, special, papers] = await Promise.all([
        listEvents(db, {}, 0, INNER_PAGE_ITEMS, Date.now()),
        listFlagged(db, 'is_hot', HOT_NEWS_HOME),
        listTopics(db, 'special', 0, HOT_TOPICS.home),
        listWhitePapers(db, 0, INNER_PAGE_ITEMS),
      ]);
      return ok({ activities: activities.items, hot, special, white_papers: papers.items });
    },
    cache,
  );
  defineCall(
    app,
    'handle404',
    async () => ok({ recommend: await listFlagged(db, 'is_recommend', HOT_NEWS_HOME) }),
    cache,
  );

  defineCall(
    app,
    'indexFall',
    async ({ page, pageseze }) => {
      return okPage(await listLatest(db, 0, pageOf(page, pageseze), counts));
    },
    cache,
  );
  // mfall and m_news: a page of one mobile menu's feed, the menu named `type` or `menu_id`.
  const feedPage = async (menuId: number, page: number, pageSize: number) =>
    okPage(await menuFeed(db, menuId, page, pageSize, counts));
  defineCall(app, 'mfall', async ({ type, page, pageSize }) => feedPage(type, page, pageSize), cache);
  defineCall(app, 'm_news', async ({ menu_id, page, pageSize }) => feedPage(menu_id, page, pageSize), cache);
  defineCall(app, 'mTop', async ({ type }) => ok(await mobileTop(db, type, HOT_TOPICS.home)), cache);
  defineCall(
    app,
    'topic_detail',
    async ({ id, page, pageSize }) => {
      const found = await topicDetail(db, id, page ?? 1, pageSize ?? PAGE_SIZE.topic);
      if (!found) throw new ApiError(ErrorCode.NotFound, '专题不存在');
      return ok(found.topic, { total: found.total });
    },
    cache,
  );
}
