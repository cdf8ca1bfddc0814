import type { FastifyInstance } from 'fastify';
import { okPage } from '../../lib/envelope';
import { defineCall } from '../define-call';
import { pageOf } from '../../repositories/articles';
import { listEvents } from '../../repositories/events';

/** The events page (/activity): filters year, month, title and city. */
export default async function eventRoutes(app: FastifyInstance) {
  defineCall(
    app,
    'meet_index',
    async ({ city, year, month, title, page, pageSize }) => {
      const { offset, limit } = pageOf(page, pageSize);
      return okPage(await listEvents(app.readDb, { city, year, month, title }, offset, limit, Date.now()));
    },
    { cache: true },
  );
}
