import type { FastifyInstance } from 'fastify';
import type { InferType } from 'yup';
import {
  canSeePresence,
  presenceIds,
  presenceQuerySchema,
  presenceSchema,
  type PresenceAnswer,
  type PresenceByRecord,
} from '@portal/api-client/presence';
import { leavePresence, presentEditors, touchPresence } from '../../repositories/presence';
import { ADMIN_MSG } from '@portal/api-client/admin';
import { AdminHttpError, badInput, editorOf, noContent } from './http';
import { MSG } from '@portal/api-client/messages';

type Body = InferType<typeof presenceSchema>;

/** /admin/api/presence: the heartbeat of an open edit page, and who is on a list's records. */
export default async function presenceRoutes(app: FastifyInstance) {
  const db = app.database;
  /** The signed-in editor, if their role may see who edits `entity`. */
  const editorFor = (request: Parameters<typeof editorOf>[0], entity: string) => {
    const { editor } = editorOf(request);
    if (!canSeePresence(editor.role, entity)) throw new AdminHttpError(403, ADMIN_MSG.forbidden);
    return editor;
  };

  app.post<{ Body: Body }>(
    '/presence',
    { schema: { body: presenceSchema } },
    async (request): Promise<PresenceAnswer> => {
      const { entity, id } = request.body;
      const editor = editorFor(request, entity);
      const now = Date.now();
      await touchPresence(db, { entity, id }, editor.id, now);
      const others = await presentEditors(db, entity, [id], editor.id, now);
      return { editors: others[id] ?? [] };
    },
  );

  app.delete<{ Querystring: Body }>(
    '/presence',
    { schema: { querystring: presenceSchema } },
    async (request, reply) => {
      const { entity, id } = request.query;
      await leavePresence(db, { entity, id }, editorFor(request, entity).id);
      return noContent(reply);
    },
  );

  app.get<{ Querystring: InferType<typeof presenceQuerySchema> }>(
    '/presence',
    { schema: { querystring: presenceQuerySchema } },
    async (request): Promise<PresenceByRecord> => {
      const { entity } = request.query;
      const editor = editorFor(request, entity);
      const ids = presenceIds(request.query.ids);
      if (!ids) throw badInput(MSG.idInvalid, 'ids');
      return presentEditors(db, entity, ids, editor.id, Date.now());
    },
  );
}
