import cookie from '@fastify/cookie';
import type { FastifyError, FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { ADMIN_MSG, ADMIN_SESSION_COOKIE, CSRF_HEADER, can } from '@portal/api-client/admin';
import { canResource } from '@portal/api-client/admin-resources';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';
import type { ApiConfig } from '../../config';
import { isDatabaseUnavailable } from '../../lib/database-unavailable';
import { ApiError } from '../../lib/envelope';
import { findEditorSession, touchEditorSession } from '../../repositories/editors';
import articleRoutes from './articles';
import { AdminHttpError, adminValidatorCompiler } from './http';
import leadRoutes from './leads';
import mediaRoutes from './media';
import newsletterRoutes from './newsletter';
import presenceRoutes from './presence';
import resourceRoutes from './resources';
import reviewRoutes from './review';
import searchPushRoutes from './search-push';
import sensitiveWordRoutes from './sensitive-words';
import sessionRoutes from './session';
import statsRoutes from './stats';
import uploadRoutes from './uploads';
import { MSG } from '@portal/api-client/messages';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameToken(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `/admin/api`: the back office's JSON API. Its own error format and validation, the editor's
 * cookie session (never a member's stoken), the CSRF header on every state-changing call but the
 * login, and the role check of each route's `permission`.
 */
export default async function adminApi(app: FastifyInstance, { config }: { config: ApiConfig }) {
  await app.register(cookie);
  app.setValidatorCompiler(adminValidatorCompiler);
  app.decorateRequest('editorSession', null);

  app.setErrorHandler((error: FastifyError | AdminHttpError | ApiError, request, reply) => {
    if (error instanceof AdminHttpError) return reply.status(error.statusCode).send(error.body);
    // Shared code below the admin routes (uploads, multipart) speaks the public API's errors: a
    // server-side state (500, or 503 when the image decode queue is full) keeps its status.
    if (error instanceof ApiError)
      return reply.status(error.statusCode >= 500 ? error.statusCode : 400).send({ message: error.message });
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).send({ message: ERROR_MESSAGES[ErrorCode.DatabaseUnavailable] });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send({ message: MSG.bodyTooLarge });
    if (status >= 400 && status < 500) {
      request.log.info({ code: error.code }, error.message);
      return reply.status(400).send({ message: ADMIN_MSG.badInput });
    }
    request.log.error({ err: error }, 'admin api error');
    return reply.status(500).send({ message: ADMIN_MSG.serverError });
  });
  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ message: ERROR_MESSAGES[ErrorCode.UnknownCall] }),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    const now = Date.now();
    const session =
      token && token.length <= 100
        ? await findEditorSession(app.database, token, now, config.adminSessionMaxAgeMs)
        : null;
    const routeConfig = request.routeOptions.config;
    if (!session) {
      if (routeConfig.anonymous || !request.routeOptions.url) return; // unknown paths reach the 404 handler
      throw new AdminHttpError(401, ADMIN_MSG.noSession);
    }
    request.editorSession = session;
    await touchEditorSession(app.database, session, now);
    if (STATE_CHANGING.has(request.method) && !routeConfig.anonymous) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameToken(sent, session.csrfToken)) {
        throw new AdminHttpError(403, ADMIN_MSG.csrf);
      }
    }
    if (routeConfig.permission && !can(session.editor.role, routeConfig.permission)) {
      throw new AdminHttpError(403, ADMIN_MSG.forbidden);
    }
    const resource = routeConfig.resource;
    if (resource && !canResource(session.editor.role, resource.kind, resource.access)) {
      throw new AdminHttpError(403, ADMIN_MSG.forbidden);
    }
  });

  await app.register(sessionRoutes, { config });
  await app.register(articleRoutes);
  await app.register(reviewRoutes);
  await app.register(leadRoutes);
  await app.register(resourceRoutes);
  await app.register(presenceRoutes);
  await app.register(sensitiveWordRoutes);
  await app.register(uploadRoutes);
  await app.register(mediaRoutes);
  await app.register(newsletterRoutes);
  await app.register(searchPushRoutes);
  await app.register(statsRoutes);
}
