import type { FastifyInstance } from 'fastify';
import type { SearchPushStatus } from '@portal/api-client/admin';
import { searchPushStatus } from '../../plugins/search-push';

/** /admin/api/search-push: what waits for the search engine push and today's quota (newsroom roles). */
export default async function searchPushRoutes(app: FastifyInstance) {
  app.get('/search-push', { config: { permission: 'articles' } }, async (): Promise<SearchPushStatus> =>
    searchPushStatus(app.database, app.searchPush.provider, Date.now()),
  );
}
