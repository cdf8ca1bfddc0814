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
import { recordAudit } from '../../repositories/audit';
import * as columns from '../../repositories/columns';
import { listColumnApplications, listPendingColumnArticles } from '../../repositories/review';
import { AdminHttpError, actorOf, idParams } from './http';

type IdParams = InferType<typeof idParams>;
type PageQuery = InferType<typeof pageQuerySchema>;
type Kind = 'columns' | 'articles';

/** /admin/api/review: members' column applications and column articles (spec section 4 statuses). */
export default async function reviewRoutes(app: FastifyInstance) {
  const config = { permission: 'review' } as const;

  app.get<{ Querystring: PageQuery }>(
    '/review/columns',
    { schema: { querystring: pageQuerySchema }, config },
    async (request): Promise<Paged<ColumnApplication>> =>
      listColumnApplications(app.database, request.query.page, request.query.pageSize),
  );
  app.get<{ Querystring: PageQuery }>(
    '/review/articles',
    { schema: { querystring: pageQuerySchema }, config },
    async (request): Promise<Paged<PendingColumnArticle>> =>
      listPendingColumnArticles(app.database, request.query.page, request.query.pageSize),
  );

  async function exists(kind: Kind, id: number): Promise<boolean> {
    const row =
      kind === 'columns'
        ? await app.database.db.selectFrom('members').select('id').where('id', '=', id).executeTakeFirst()
        : await app.database.db
            .selectFrom('column_articles')
            .select('id')
            .where('id', '=', id)
            .executeTakeFirst();
    return row !== undefined;
  }

  /** One decision: the status change (only from pending), its audit record, and fresh public reads. */
  async function decide(
    kind: Kind,
    id: number,
    approve: boolean,
    reason: string,
    request: Parameters<typeof actorOf>[0],
  ) {
    if (!(await exists(kind, id))) throw new AdminHttpError(404, ADMIN_MSG.notFound);
    const now = Date.now();
    const result =
      kind === 'columns'
        ? await columns.reviewColumn(app.database, id, approve, reason, now)
        : approve
          ? await columns.approveArticle(app.database, id, now)
          : await columns.rejectArticle(app.database, id, reason, now);
    if (!result.ok) throw new AdminHttpError(409, ADMIN_MSG.notPending);
    await recordAudit(
      app.database.db,
      {
        ...actorOf(request),
        action: approve ? 'approve' : 'reject',
        entity: kind === 'columns' ? 'column' : 'column_article',
        entityId: id,
        detail: approve ? (result.detail ?? '') : reason,
      },
      now,
    );
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
