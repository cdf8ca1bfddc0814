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
import { hitsOfRecords } from '../../repositories/sensitive-words';
import { AdminHttpError, actorOf, idParams } from './http';

type IdParams = InferType<typeof idParams>;
type PageQuery = InferType<typeof pageQuerySchema>;

/** /admin/api/review: members' column applications and column articles (spec section 4 statuses). */
export default async function reviewRoutes(app: FastifyInstance) {
  const config = { permission: 'review' } as const;

  app.get<{ Querystring: PageQuery }>(
    '/review/columns',
    { schema: { querystring: pageQuerySchema }, config },
    async (request): Promise<Paged<ColumnApplication>> => {
      const page = await review.listReviewQueue(
        app.database,
        'columns',
        request.query.page,
        request.query.pageSize,
      );
      const hits = await hitsOfRecords(
        app.database,
        'column-apply',
        page.items.map((c) => String(c.memberId)),
      );
      return { ...page, items: page.items.map((c) => ({ ...c, hits: hits.get(String(c.memberId)) ?? [] })) };
    },
  );
  app.get<{ Querystring: PageQuery }>(
    '/review/articles',
    { schema: { querystring: pageQuerySchema }, config },
    async (request): Promise<Paged<PendingColumnArticle>> => {
      const page = await review.listReviewQueue(
        app.database,
        'articles',
        request.query.page,
        request.query.pageSize,
      );
      // The words found when the member saved each article, highlighted for the reviewer.
      const hits = await hitsOfRecords(
        app.database,
        'column-article',
        page.items.map((a) => String(a.id)),
      );
      return { ...page, items: page.items.map((a) => ({ ...a, hits: hits.get(String(a.id)) ?? [] })) };
    },
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
    // An approved column article is public at once.
    if (kind === 'articles' && approve) await app.contentChanges.announce();
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
