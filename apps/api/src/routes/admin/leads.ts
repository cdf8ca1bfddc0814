import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InferType } from 'yup';
import {
  LEAD_EXPORT_MAX_ROWS,
  LEAD_SOURCE_LABEL,
  leadPhoneQuerySchema,
  leadQuerySchema,
  type LeadPage,
  type LeadSources,
  type PhoneReveal,
} from '@portal/api-client/admin';
import { leadsCsv, leadsXlsx } from '../../lib/lead-export';
import { leadExport, leadPhone, leadSources, listLeads, type LeadFilter } from '../../repositories/leads';
import { AdminHttpError, idParams, notFound, parseTime } from './http';
import { auditPersonalRead } from './personal-data';

type LeadQuery = InferType<typeof leadQuerySchema>;
type LeadPhoneQuery = InferType<typeof leadPhoneQuerySchema>;

function filterOf(query: LeadQuery): LeadFilter {
  return {
    source: query.source,
    id: query.id,
    from: parseTime(query.from, 'from'),
    to: parseTime(query.to, 'to'),
  };
}

/** /admin/api/leads: what vendor, partner and activity pages collected (admin and reviewer roles). */
export default async function leadRoutes(app: FastifyInstance) {
  const config = { permission: 'leads' } as const;

  app.get('/leads/sources', { config }, async (): Promise<LeadSources> => leadSources(app.database));

  app.get<{ Querystring: LeadQuery }>(
    '/leads',
    { schema: { querystring: leadQuerySchema }, config },
    async (request): Promise<LeadPage> => {
      const page = await listLeads(
        app.database,
        filterOf(request.query),
        request.query.page,
        request.query.pageSize,
      );
      if (!page) throw notFound();
      await auditPersonalRead(app.database, request, {
        action: 'list',
        entity: 'leads',
        entityId: `${request.query.source}:${request.query.id}`,
        rows: page.items.length,
        what: `第 ${request.query.page} 页`,
      });
      return page;
    },
  );

  // One lead's full phone number (lists show it masked): each look is in the audit log.
  app.get<{ Params: { id: number }; Querystring: LeadPhoneQuery }>(
    '/leads/:id/phone',
    { schema: { params: idParams, querystring: leadPhoneQuerySchema }, config },
    async (request): Promise<PhoneReveal> => {
      const { source, id, key } = request.query;
      const mobile = await leadPhone(app.database, { source, id }, request.params.id, key);
      if (mobile === null) throw notFound();
      await auditPersonalRead(app.database, request, {
        action: 'view-phone',
        entity: 'leads',
        entityId: `${source}:${id}:${request.params.id}`,
        rows: 1,
        what: key,
      });
      return { mobile };
    },
  );

  async function exportLeads(
    request: FastifyRequest<{ Querystring: LeadQuery }>,
    reply: FastifyReply,
    format: 'csv' | 'xlsx',
  ) {
    const filter = filterOf(request.query);
    const data = await leadExport(app.database, filter);
    if (!data) throw notFound();
    if (data.total > LEAD_EXPORT_MAX_ROWS) {
      throw new AdminHttpError(400, `导出的线索超过 ${LEAD_EXPORT_MAX_ROWS} 条，请缩小时间范围`, 'from');
    }
    // Full phones leave the building: who exported what is on record.
    await auditPersonalRead(app.database, request, {
      action: 'export',
      entity: 'leads',
      entityId: `${filter.source}:${filter.id}`,
      rows: data.total,
      what: [format, request.query.from, request.query.to].filter(Boolean).join(' '),
    });
    const name = `leads-${filter.source}-${filter.id}`.replace(/[^\w-]/g, '_');
    const label = `${LEAD_SOURCE_LABEL[filter.source]}-${filter.id}`;
    reply
      .header(
        'content-disposition',
        `attachment; filename="${name}.${format}"; filename*=UTF-8''${encodeURIComponent(`${label}.${format}`)}`,
      )
      .type(
        format === 'csv'
          ? 'text/csv; charset=utf-8'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
    return reply.send(
      format === 'csv'
        ? leadsCsv(data.columns, data.batches())
        : leadsXlsx(data.columns, data.batches(), label),
    );
  }

  app.get<{ Querystring: LeadQuery }>(
    '/leads.csv',
    { schema: { querystring: leadQuerySchema }, config },
    (request, reply) => exportLeads(request, reply, 'csv'),
  );
  app.get<{ Querystring: LeadQuery }>(
    '/leads.xlsx',
    { schema: { querystring: leadQuerySchema }, config },
    (request, reply) => exportLeads(request, reply, 'xlsx'),
  );
}
