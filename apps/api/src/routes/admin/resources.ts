import type { FastifyInstance, FastifyRequest } from 'fastify';
import { object, string, type AnySchema } from 'yup';
import {
  LEAD_EXPORT_MAX_ROWS,
  pageQuerySchema,
  type LeadPage,
  type Paged,
  type PhoneReveal,
  ADMIN_MSG,
} from '@portal/api-client/admin';
import {
  RESOURCE_KINDS,
  moveSchema,
  orderSchema,
  resourceSchema,
  type ResourceDecl,
  type ResourceKind,
  type ResourceRecord,
  RESOURCES,
} from '@portal/api-client/admin-resources';
import { sanitizeArticleHtml } from '../../lib/sanitize';
import { recordAudit } from '../../repositories/audit';
import { claimVersion, versionOf, versionsOf } from '../../repositories/versions';
import { RESOURCE_STORES } from '../../repositories/resources';
import { SUBSCRIBER_COLUMNS, memberPhone, reportSubscribers } from '../../repositories/resources/special';
import { leadsCsv } from '../../lib/lead-export';
import { ResourceInputError, type ResourceId, type ResourceStore } from '../../repositories/resources/store';
import { writeTxDb } from '../../repositories/write-tx';
import { queueCdnPurge } from '../../repositories/cdn-purge';
import { SURROGATE_KEYS } from '@portal/routes';
import { AdminHttpError, actorOf, editConflict, idNumber, idParams, noContent, notFound } from './http';
import { auditPersonalRead } from './personal-data';
import { MSG } from '@portal/api-client/messages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Resource routes: the kind and the access its declaration must grant the editor's role. */
    resource?: { kind: ResourceKind; access: 'read' | 'write' };
  }
}

const FILTER_MAX = 100;

/** The declared filters (bounded text; the store checks their values). */
function filterShape(decl: ResourceDecl): Record<string, AnySchema> {
  const shape: Record<string, AnySchema> = {};
  for (const f of decl.filters) {
    shape[f.name] = string().trim().max(FILTER_MAX, `${f.label}不能超过${FILTER_MAX}个字符`).optional();
    if (f.type === 'date') shape.to = string().trim().max(40, ADMIN_MSG.badTime).optional();
  }
  return shape;
}

/** page, pageSize and the declared filters. */
const listQuery = (decl: ResourceDecl): AnySchema => pageQuerySchema.shape(filterShape(decl));
/** The declared filters alone (a move names its place in the filtered list). */
const filterQuery = (decl: ResourceDecl): AnySchema => object(filterShape(decl));

const zeroIdParams = object({
  id: idNumber(0).required(MSG.idInvalid),
});

const textIdParams = object({
  id: string().trim().required(MSG.idInvalid).min(1, MSG.idInvalid).max(100, MSG.idInvalid),
});

/** Store errors in the back office's format. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ResourceInputError) throw new AdminHttpError(err.status, err.message, err.field);
    throw err;
  }
}

/** Rich text of the top-level fields, through the article sanitiser. */
function sanitized(decl: ResourceDecl, input: ResourceRecord): ResourceRecord {
  const out = { ...input };
  for (const f of decl.fields) {
    if (f.type === 'richtext' && typeof out[f.name] === 'string')
      out[f.name] = sanitizeArticleHtml(String(out[f.name]));
  }
  return out;
}

/** Kinds no public page shows: their writes purge nothing at the CDN. */
const UNSHOWN_KINDS = new Set<ResourceKind>(['sensitive-words', 'sensitive-hits', 'audit-log']);

/**
 * `/admin/api/<kind>` for every declared kind (issue 14): one generic handler set. List with paging
 * and the declared filters, create (201), read, update, delete, and `POST <kind>/order` for kinds
 * ordered by drag. Validation comes from the declaration, the role check from its read and write
 * roles; every write runs in one write transaction with its audit record and announces a content
 * change (the API read cache and the gateway micro-cache of every process are cleared).
 */
export default async function resourceRoutes(app: FastifyInstance) {
  const db = app.database;

  /** Runs a write with its audit record in one transaction (or lets the store do both), then announces. */
  async function write<T>(
    request: FastifyRequest,
    kind: ResourceKind,
    store: ResourceStore,
    action: string,
    work: (tx: typeof db) => Promise<T>,
    entityId: (result: T) => ResourceId,
  ): Promise<T> {
    const actor = actorOf(request);
    const now = Date.now();
    // Any page may show the record (menus, ads, topics): both sites are purged at the CDN, queued
    // in the write's transaction (a store that owns its writes, editor accounts, just after). The
    // dictionary of sensitive words screens what members send and shows on no page.
    const purge = async (tx: typeof db) => {
      if (!UNSHOWN_KINDS.has(kind)) await queueCdnPurge(tx, [SURROGATE_KEYS.site], now);
    };
    const result = await guarded(() =>
      store.ownsWrites
        ? work(db).then(async (out) => {
            await purge(db);
            return out;
          })
        : writeTxDb(db, async (tx) => {
            const out = await work(tx);
            await recordAudit(tx.db, { ...actor, action, entity: kind, entityId: entityId(out) }, now);
            await purge(tx);
            return out;
          }),
    );
    await app.contentChanges.announce();
    return result;
  }

  for (const kind of RESOURCE_KINDS) {
    const decl: ResourceDecl = RESOURCES[kind];
    const store = RESOURCE_STORES[kind];
    const base = `/${kind}`;
    const read = { resource: { kind, access: 'read' } } as const;
    const writeAccess = { resource: { kind, access: 'write' } } as const;
    // Keys chosen by the editor may start at 0 (vendor meet 0 is /vendor); database ids at 1.
    const keyMin = decl.fields.find((f) => f.name === decl.idField)?.min ?? 1;
    const params = decl.textId ? textIdParams : keyMin === 0 ? zeroIdParams : idParams;
    type Params = { id: ResourceId };

    app.get<{ Querystring: Record<string, string | number | undefined> }>(
      base,
      { schema: { querystring: listQuery(decl) }, config: read },
      async (request): Promise<Paged<ResourceRecord>> => {
        const { page, pageSize, ...rest } = request.query;
        const filters: Record<string, string | undefined> = {};
        for (const [k, v] of Object.entries(rest)) filters[k] = v === undefined ? undefined : String(v);
        const result = await guarded(() =>
          store.list(db, { page: Number(page), pageSize: Number(pageSize), filters }),
        );
        if (store.personal) {
          // Which list: its filters (the search text too), else all of the kind.
          const search = Object.entries(filters).filter(([, v]) => v);
          await auditPersonalRead(db, request, {
            action: 'list',
            entity: kind,
            entityId: search.map(([k, v]) => `${k}=${v}`).join('&') || '*',
            rows: result.items.length,
            what: `第 ${page} 页`,
          });
        }
        const ids = result.items.map((r) => r[decl.idField] as ResourceId);
        const versions = await versionsOf(db, kind, ids);
        return {
          ...result,
          items: result.items.map((r, i) => ({ ...r, version: versions.get(String(ids[i])) ?? 1 })),
        };
      },
    );

    app.get<{ Params: Params }>(`${base}/:id`, { schema: { params }, config: read }, async (request) => {
      const record = await store.get(db, request.params.id);
      if (!record) throw notFound();
      return { ...record, version: await versionOf(db, kind, request.params.id) };
    });

    const { create, update, remove, reorder, move } = store;
    if (create && decl.create !== false) {
      app.post<{ Body: ResourceRecord }>(
        base,
        { schema: { body: resourceSchema(kind, 'create') }, config: writeAccess },
        async (request, reply) => {
          const input = sanitized(decl, request.body);
          const actor = actorOf(request);
          const id = await write(
            request,
            kind,
            store,
            'create',
            (tx) => create(tx, input, Date.now(), actor),
            (x) => x,
          );
          return reply.status(201).send((await store.get(db, id)) ?? { id });
        },
      );
    }

    if (update && decl.update !== false) {
      app.put<{ Params: Params; Body: ResourceRecord }>(
        `${base}/:id`,
        { schema: { params, body: resourceSchema(kind, 'update') }, config: writeAccess },
        async (request) => {
          const { id } = request.params;
          const { version: expected, ...body } = request.body as ResourceRecord & { version?: number };
          const input = sanitized(decl, body);
          const actor = actorOf(request);
          // A missing record or a stale version rolls the transaction back (no audit entry for nothing).
          const { version } = await write(
            request,
            kind,
            store,
            'update',
            async (tx) => {
              const now = Date.now();
              const claim = await claimVersion(tx, kind, id, expected, actor, now);
              if ('conflict' in claim) throw editConflict(claim.conflict, expected ?? 0);
              if (!(await update(tx, id, input, now, actor))) throw notFound();
              return claim;
            },
            () => id,
          );
          return { ...((await store.get(db, id)) as ResourceRecord), version };
        },
      );
    }

    if (remove && decl.remove !== false) {
      app.delete<{ Params: Params }>(
        `${base}/:id`,
        { schema: { params }, config: writeAccess },
        async (request, reply) => {
          const { id } = request.params;
          await write(
            request,
            kind,
            store,
            'delete',
            async (tx) => {
              if (!(await remove(tx, id))) throw notFound();
            },
            () => id,
          );
          return noContent(reply);
        },
      );
    }

    if (reorder && decl.ordered) {
      app.post<{ Body: { ids: number[] } }>(
        `${base}/order`,
        { schema: { body: orderSchema }, config: writeAccess },
        async (request, reply) => {
          const { ids } = request.body;
          await write(
            request,
            kind,
            store,
            'reorder',
            (tx) => reorder(tx, ids),
            () => ids.slice(0, 20).join(','),
          );
          return noContent(reply);
        },
      );
    }

    // Drag order across pages: the list's filters in the query, the record and its new place in the body.
    if (move && decl.ordered) {
      app.post<{ Body: { id: number; position: number }; Querystring: Record<string, string | undefined> }>(
        `${base}/move`,
        { schema: { body: moveSchema, querystring: filterQuery(decl) }, config: writeAccess },
        async (request, reply) => {
          const { id, position } = request.body;
          await write(
            request,
            kind,
            store,
            'reorder',
            async (tx) => {
              if (!(await move(tx, id, position, request.query))) throw notFound();
            },
            () => `${id}→${position}`,
          );
          return noContent(reply);
        },
      );
    }
  }

  // A member's full phone number: each read is in the audit log.
  app.get<{ Params: { id: number } }>(
    '/members/:id/phone',
    { schema: { params: idParams }, config: { resource: { kind: 'members', access: 'read' } } },
    async (request): Promise<PhoneReveal> => {
      const { id } = request.params;
      const mobile = await memberPhone(db, id);
      if (mobile === null) throw notFound();
      await auditPersonalRead(db, request, {
        action: 'view-phone',
        entity: 'members',
        entityId: id,
        rows: 1,
      });
      return { mobile };
    },
  );

  // A weekly report's subscribers (it_sub): listed, and exported as CSV for the mailing. Member
  // emails are personal data: the leads permission (admin, reviewer), not the report's editors.
  const subscribersRead = { permission: 'leads' } as const;
  app.get<{ Params: { id: number }; Querystring: { page: number; pageSize: number } }>(
    '/reports/:id/subscribers',
    { schema: { params: idParams, querystring: pageQuerySchema }, config: subscribersRead },
    async (request): Promise<LeadPage> => {
      const { id } = request.params;
      const { page, pageSize } = request.query;
      if (!(await RESOURCE_STORES.reports.get(db, id))) throw notFound();
      const subscribers = await reportSubscribers(db, id, page, pageSize);
      await auditPersonalRead(db, request, {
        action: 'list',
        entity: 'report-subscribers',
        entityId: id,
        rows: subscribers.items.length,
        what: `第 ${page} 页`,
      });
      return { columns: SUBSCRIBER_COLUMNS, ...subscribers };
    },
  );
  app.get<{ Params: { id: number } }>(
    '/reports/:id/subscribers.csv',
    { schema: { params: idParams }, config: subscribersRead },
    async (request, reply) => {
      const { id } = request.params;
      if (!(await RESOURCE_STORES.reports.get(db, id))) throw notFound();
      const { total } = await reportSubscribers(db, id, 1, 1);
      await auditPersonalRead(db, request, {
        action: 'export',
        entity: 'report-subscribers',
        entityId: id,
        rows: Math.min(total, LEAD_EXPORT_MAX_ROWS),
        what: 'csv',
      });
      async function* batches() {
        const size = 1000;
        for (let page = 1; (page - 1) * size < LEAD_EXPORT_MAX_ROWS; page++) {
          const { items } = await reportSubscribers(db, id, page, size);
          if (items.length === 0) return;
          yield items;
        }
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="it-report-${id}-subscribers.csv"`)
        .send(leadsCsv(SUBSCRIBER_COLUMNS, batches()));
    },
  );
}
