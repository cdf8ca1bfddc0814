import type { FastifyInstance } from 'fastify';
import { string, type InferType } from 'yup';
import { pageQuerySchema, type AuditEntry, type Paged } from '@portal/api-client/admin';
import { listAudit } from '../../repositories/audit';
import { parseTime } from './http';

const auditQuery = pageQuerySchema.shape({
  editor: string().trim().max(50).optional(),
  action: string().trim().max(50).optional(),
  from: string().trim().max(40).optional(),
  to: string().trim().max(40).optional(),
});

/** /admin/api/audit-log: read only, admins only. */
export default async function auditRoutes(app: FastifyInstance) {
  app.get<{ Querystring: InferType<typeof auditQuery> }>(
    '/audit-log',
    { schema: { querystring: auditQuery }, config: { permission: 'audit' } },
    async (request): Promise<Paged<AuditEntry>> => {
      const { editor, action, from, to, page, pageSize } = request.query;
      return listAudit(app.database, {
        editor: editor || undefined,
        action: action || undefined,
        from: parseTime(from, 'from'),
        to: parseTime(to, 'to'),
        page,
        pageSize,
      });
    },
  );
}
