import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/envelope';
import { defineCall } from '../../lib/route';
import { pageOf } from '../../repositories/articles';
import { searchArticles } from '../../repositories/search';

/** Article search (/search, /new_search). Items carry `keys`, the query terms to highlight. */
export default async function searchRoutes(app: FastifyInstance) {
  defineCall(
    app,
    'search_list',
    async ({ title, page, pageSize }) => {
      const { offset, limit } = pageOf(page, pageSize);
      const { items, total } = await searchArticles(app.database, title, offset, limit);
      return ok({ list: items }, total);
    },
    { cache: true },
  );
}
