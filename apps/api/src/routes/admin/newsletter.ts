import type { FastifyInstance } from 'fastify';
import { ADMIN_MSG, newsletterSendSchema, type NewsletterProgress } from '@portal/api-client/admin';
import { countAudience, sendProgress, startSend } from '../../repositories/newsletter';
import { recordAudit } from '../../repositories/audit';
import { reportPublishTime } from '../../repositories/reports';
import { AdminHttpError, actorOf, idParams, notFound } from './http';

/**
 * The newsletter send of a weekly issue (DESIGN.md section 10, fixed paths): POST starts (or
 * resumes) it, GET answers its progress. The reports' own roles (admin, editor).
 */
export default async function newsletterRoutes(app: FastifyInstance) {
  const db = app.database;
  const reportAccess = (access: 'read' | 'write') => ({ resource: { kind: 'reports' as const, access } });

  const publishedAt = (id: number) => reportPublishTime(db, id);

  app.get<{ Params: { id: number } }>(
    '/reports/:id/send',
    { schema: { params: idParams }, config: reportAccess('read') },
    async (request): Promise<NewsletterProgress> => {
      const { id } = request.params;
      if ((await publishedAt(id)) === undefined) throw notFound();
      const [progress, audience] = await Promise.all([sendProgress(db, id), countAudience(db)]);
      return { ...progress, audience };
    },
  );

  app.post<{ Params: { id: number }; Body: { testEmail: string } }>(
    '/reports/:id/send',
    { schema: { params: idParams, body: newsletterSendSchema }, config: reportAccess('write') },
    async (request, reply) => {
      const { id } = request.params;
      const published = await publishedAt(id);
      if (published === undefined) throw notFound();
      const actor = actorOf(request);
      if (request.body.testEmail) {
        // A test goes to the one address, outside the queue; an unpublished issue may be tried out.
        try {
          await app.newsletter.sendOne(id, request.body.testEmail, null, `test-${id}-${Date.now()}`);
        } catch (err) {
          request.log.warn({ err }, 'newsletter test send failed');
          throw new AdminHttpError(409, ADMIN_MSG.newsletterTestFailed);
        }
        return { message: ADMIN_MSG.newsletterTestSent };
      }
      if (Number(published) > Date.now()) throw new AdminHttpError(409, ADMIN_MSG.newsletterUnpublished);
      const started = await startSend(db, id, actor.editor, Date.now());
      if ('refused' in started) throw new AdminHttpError(409, ADMIN_MSG.newsletterSending);
      await recordAudit(
        db.db,
        {
          editorId: actor.editorId,
          editor: actor.editor,
          action: 'send',
          entity: 'reports',
          entityId: String(id),
          detail: `周刊发送：新加入 ${started.started} 位订阅者`,
        },
        Date.now(),
      );
      app.newsletter.kick();
      reply.status(202);
      return { ...(await sendProgress(db, id)), audience: await countAudience(db) };
    },
  );
}
