import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { defineCall } from '../../lib/route';
import { pageOf } from '../../repositories/articles';
import { searchArticles } from '../../repositories/search';
import { cachedCounts } from '../../plugins/cache';

/** Article search (/search, /new_search). Items carry `keys`, the query terms to highlight. */
export default async function searchRoutes(app: FastifyInstance) {
  // Totals (capped at SEARCH_COUNT_CAP) are the costly part for common terms: reuse them while paging.
  const counts = cachedCounts(app.readCache, 'search_list');
  defineCall(
    app,
    'search_list',
    async ({ title, page, pageSize }) => {
      const { offset, limit } = pageOf(page, pageSize);
      const { items, total } = await searchArticles(app.database, title, offset, limit, counts);
      return ok({ list: items }, total);
    },
    { cache: true },
  );
}
