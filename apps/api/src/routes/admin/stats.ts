import type { FastifyInstance } from 'fastify';
import type { InferType } from 'yup';
import { articleStatsQuerySchema, statsRangeQuerySchema } from '@portal/api-client/admin';
import type { ArticleStats, ArticleViewsPage, StatsOverview } from '@portal/api-client/stats';
import { articleStats, articleViewsInRange, statsOverview } from '../../repositories/stats';
import { idParams, notFound, type IdParams } from './http';

type RangeQuery = InferType<typeof statsRangeQuerySchema>;
type ArticleQuery = InferType<typeof articleStatsQuerySchema>;

/** /admin/api/stats: what readers read (issue 25 section 2, DESIGN.md section 10), admin and editor roles. */
export default async function statsRoutes(app: FastifyInstance) {
  const config = { permission: 'stats' } as const;

  app.get('/stats/overview', { config }, async (): Promise<StatsOverview> =>
    statsOverview(app.database, Date.now()),
  );

  // Fixed: {items: [{id, title, views}], total}, most viewed first.
  app.get<{ Querystring: RangeQuery }>(
    '/stats/articles',
    { schema: { querystring: statsRangeQuerySchema }, config },
    async (request): Promise<ArticleViewsPage> => {
      const { from, to, page, pageSize } = request.query;
      return articleViewsInRange(app.database, from, to, page, pageSize);
    },
  );

  app.get<{ Params: IdParams; Querystring: ArticleQuery }>(
    '/stats/articles/:id',
    { schema: { params: idParams, querystring: articleStatsQuerySchema }, config },
    async (request): Promise<ArticleStats> => {
      const { from, to } = request.query;
      const stats = await articleStats(app.database, request.params.id, from, to);
      if (!stats) throw notFound();
      return stats;
    },
  );
}
