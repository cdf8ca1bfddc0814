import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { ApiError, okPage } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { defineCall } from '../define-call';
import { pageOf } from '../../repositories/articles';
import { getWhitePaper, listWhitePapers } from '../../repositories/media';
import whitePaperFileRoute from './file';
import { MSG } from '@portal/api-client/messages';

/** White papers. */
export default async function docRoutes(app: FastifyInstance) {
  // Every call here is a cached public read: a replica may answer it (db/replicas.ts).
  const db = app.readDb;
  await app.register(whitePaperFileRoute);
  defineCall(
    app,
    'doc_ls_fronted',
    async ({ page, pageSize }) => {
      const { offset, limit } = pageOf(page, pageSize);
      return okPage(await listWhitePapers(db, offset, limit));
    },
    { cache: true },
  );
  defineCall(
    app,
    'doc_detail',
    async ({ id }) => {
      const doc = await getWhitePaper(db, id);
      if (!doc) throw new ApiError(ErrorCode.NotFound, MSG.paperNotFound);
      return ok(doc);
    },
    { cache: true },
  );
}
