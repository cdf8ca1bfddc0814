import type { FastifyInstance } from 'fastify';
import type { InferType } from 'yup';
import {
  ADMIN_MSG,
  pageQuerySchema,
  rejectSchema,
  type ColumnApplication,
  type Paged,
  type PendingColumnArticle,
} from '@portal/api-client/admin';
import { ErrorCode } from '@portal/api-client/codes';
import * as review from '../../repositories/review';
import { withHits } from '../../repositories/sensitive-words';
import { AdminHttpError, actorOf, idParams, type IdParams } from './http';

type PageQuery = InferType<typeof pageQuerySchema>;

/** /admin/api/review: members' column applications and column articles (spec section 4 statuses). */
export default async function reviewRoutes(app: FastifyInstance) {
  const config = { permission: 'review' } as const;

  app.get<{ Querystring: PageQuery }>(
    '/review/columns',
    { schema: { querystring: pageQuerySchema }, config },
    async ({ query }): Promise<Paged<ColumnApplication>> =>
      withHits(
        app.database,
        'column-apply',
        await review.listReviewQueue(app.database, 'columns', query.page, query.pageSize),
        (c) => c.memberId,
      ),
  );
  app.get<{ Querystring: PageQuery }>(
    '/review/articles',
    { schema: { querystring: pageQuerySchema }, config },
    async ({ query }): Promise<Paged<PendingColumnArticle>> =>
      withHits(
        app.database,
        'column-article',
        await review.listReviewQueue(app.database, 'articles', query.page, query.pageSize),
        (a) => a.id,
      ),
  );

  /** One decision: the status change (only from pending) with its audit record, and fresh public reads. */
  async function decide(
    kind: review.ReviewKind,
    id: number,
    approve: boolean,
    reason: string,
    request: Parameters<typeof actorOf>[0],
  ) {
    const result = await review.decide(
      app.database,
      { kind, id, approve, reason },
      actorOf(request),
      Date.now(),
    );
    if (!result.ok) {
      const notFound = result.code === ErrorCode.NotFound;
      throw new AdminHttpError(notFound ? 404 : 409, notFound ? ADMIN_MSG.notFound : ADMIN_MSG.notPending);
    }
    // An approved column article is public at once (as the public article it became).
    if (kind === 'articles' && approve)
      await app.contentChanges.announce(result.articleId ? { articles: [result.articleId] } : {});
    return { id, status: approve ? 'approved' : 'rejected' };
  }

  for (const kind of ['columns', 'articles'] as const) {
    app.post<{ Params: IdParams }>(
      `/review/${kind}/:id/approve`,
      { schema: { params: idParams }, config },
      async (request) => decide(kind, request.params.id, true, '', request),
    );
    app.post<{ Params: IdParams; Body: InferType<typeof rejectSchema> }>(
      `/review/${kind}/:id/reject`,
      { schema: { params: idParams, body: rejectSchema }, config },
      async (request) => decide(kind, request.params.id, false, request.body.reason, request),
    );
  }
}
