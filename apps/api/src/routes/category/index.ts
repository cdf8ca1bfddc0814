import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { HOT_TOPICS, INNER_PAGE_ITEMS, PAGE_SIZE } from '@portal/api-client/constants';
import type { Db } from '../../db';
import { ApiError, okPage } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { cachedCounts } from '../../plugins/cache';
import { defineCall } from '../define-call';
import { listFlagged, listLatest, pageOf } from '../../repositories/articles';
import { listBanners, findCategory } from '../../repositories/site';
import { listWhitePapers } from '../../repositories/media';
import { listTopics } from '../../repositories/topics';
import { MSG, TEXT } from '@portal/api-client/messages';

async function requireCategory(db: Db, catId: number) {
  const cat = catId > 0 ? await findCategory(db, catId) : undefined;
  if (!cat) throw new ApiError(ErrorCode.NotFound, MSG.categoryNotFound);
  return cat;
}

/** Category pages (/AI, /storage, …) and the /more list. */
export default async function categoryRoutes(app: FastifyInstance) {
  // Every call here is a cached public read: a replica may answer it (db/replicas.ts).
  const db = app.readDb;
  const cache = { cache: true };
  const counts = cachedCounts(app.readCache, 'cate_list');

  defineCall(
    app,
    'category_top',
    async ({ cat_id }) => {
      const cat = await requireCategory(db, cat_id);
      const [banner, pictures] = await Promise.all([
        listBanners(db, 'category', cat_id),
        listFlagged(db, 'is_pic', INNER_PAGE_ITEMS, cat_id),
      ]);
      const seo = {
        title: cat.seo_title || cat.name,
        description: cat.seo_description,
        keyword: cat.seo_keyword,
      };
      return ok({ banner, pictures, seo, name: cat.name });
    },
    cache,
  );

  defineCall(
    app,
    'category_news',
    async ({ cat_id }) => {
      await requireCategory(db, cat_id);
      const [topics, news] = await Promise.all([
        listTopics(db, 'featured', cat_id, HOT_TOPICS.category),
        listLatest(db, cat_id, pageOf(1, PAGE_SIZE.homeFall)),
      ]);
      return ok({ topics, news: news.items });
    },
    cache,
  );

  defineCall(
    app,
    'cate_recommend',
    async ({ cat_id }) => {
      await requireCategory(db, cat_id);
      const [recommend, hot, policy, special, ownPapers] = await Promise.all([
        listFlagged(db, 'is_recommend', HOT_TOPICS.home, cat_id),
        listFlagged(db, 'is_hot', HOT_TOPICS.home, cat_id),
        listFlagged(db, 'is_policy', HOT_TOPICS.home, cat_id),
        listTopics(db, 'special', cat_id, HOT_TOPICS.category),
        listWhitePapers(db, 0, INNER_PAGE_ITEMS, cat_id),
      ]);
      // A category without its own white papers shows the newest ones of the site.
      const papers = ownPapers.items.length > 0 ? ownPapers : await listWhitePapers(db, 0, INNER_PAGE_ITEMS);
      return ok({
        lists: [
          { title: TEXT.recommended, items: recommend },
          { title: '热门文章', items: hot },
          { title: TEXT.policy, items: policy },
        ],
        special,
        white_papers: papers.items,
      });
    },
    cache,
  );

  defineCall(
    app,
    'cate_list',
    async ({ cat_id, page, pageSize }) => {
      if (cat_id > 0) await requireCategory(db, cat_id);
      return okPage(await listLatest(db, cat_id, pageOf(page, pageSize), counts));
    },
    cache,
  );

  defineCall(
    app,
    'category_solution',
    async ({ cat_id }) => {
      await requireCategory(db, cat_id);
      return ok(await listTopics(db, 'featured', cat_id, INNER_PAGE_ITEMS));
    },
    cache,
  );
}
