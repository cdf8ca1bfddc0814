import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { PAGE_VIEW_THROTTLE_MS } from '@portal/api-client/constants';
import { ApiError } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { defineCall } from '../define-call';
import { getArticle, getArticleViews } from '../../repositories/articles';

const notFound = () => new ApiError(ErrorCode.NotFound, '文章不存在或已下线');

/** Article detail and its page-view counter. */
export default async function articleRoutes(app: FastifyInstance) {
  const db = app.database;
  const reads = app.readDb;

  defineCall(
    app,
    'article_content',
    async ({ id }) => {
      const article = await getArticle(reads, id);
      if (!article) throw notFound();
      return ok(article);
    },
    { cache: true },
  );

  /**
   * Counts a view unless the reader's previous counted view (`lasttime`, as this call returned it)
   * was less than PAGE_VIEW_THROTTLE_MS ago; answers the lasttime to store and the current count.
   */
  defineCall(app, 'article_pv', async ({ id, lasttime, ref, device }) => {
    const now = Date.now();
    if (lasttime !== undefined && now - lasttime < PAGE_VIEW_THROTTLE_MS) {
      const stored = await getArticleViews(db, id);
      if (stored === null) throw notFound();
      return ok({ lasttime, pv: stored });
    }
    // Answered only once the view is committed: an acknowledged view survives a crash.
    const pv = await app.pageViews.count(id, { ref, device }, now);
    if (pv === null) throw notFound();
    return ok({ lasttime: now, pv });
  });
}
