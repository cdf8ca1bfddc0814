import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_MSG, ADMIN_SESSION_COOKIE, loginSchema, type SessionInfo } from '@portal/api-client/admin';
import type { InferType } from 'yup';
import { servedOverHttps } from '@portal/config';
import type { ApiConfig } from '../../config';
import { hashPassword, verifyPassword } from '../../lib/password';
import { recordAudit } from '../../repositories/audit';
import { closeEditorSession, findEditor, openEditorSession, toAdminUser } from '../../repositories/editors';
import { AdminHttpError, editorOf, noContent } from './http';

/** Failures allowed per account and per address in a window before logins are refused. */
export const ADMIN_LOGIN_LIMITS = { perAccount: 5, perIp: 20, windowMs: 15 * 60_000 } as const;

function setSessionCookie(
  config: ApiConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  maxAge?: number,
) {
  reply.setCookie(ADMIN_SESSION_COOKIE, value, {
    path: '/admin',
    httpOnly: true,
    sameSite: 'strict',
    // Behind a load balancer that ends TLS the inner hop says http: an https PUBLIC_ORIGIN decides.
    secure: servedOverHttps(config.publicOrigins.desktop, request.protocol),
    ...(maxAge === undefined ? {} : { maxAge }),
  });
}

export default async function sessionRoutes(app: FastifyInstance, { config }: { config: ApiConfig }) {
  // Compared against when the username is unknown, so both failures cost one hash.
  const dummyHash = hashPassword('not-a-real-password');

  app.post<{ Body: InferType<typeof loginSchema> }>(
    '/session',
    { schema: { body: loginSchema }, config: { anonymous: true } },
    async (request, reply): Promise<SessionInfo> => {
      const { username, password } = request.body;
      const accountKey = `admin-login:user:${username.toLowerCase()}`;
      const ipKey = `admin-login:ip:${request.ip}`;
      // Raise, then check: parallel guesses each take a slot before any hash runs.
      const [account, address] = await Promise.all([
        app.rateLimit.hit(accountKey, ADMIN_LOGIN_LIMITS.perAccount, ADMIN_LOGIN_LIMITS.windowMs),
        app.rateLimit.hit(ipKey, ADMIN_LOGIN_LIMITS.perIp, ADMIN_LOGIN_LIMITS.windowMs),
      ]);
      if (!account.allowed || !address.allowed) throw new AdminHttpError(429, ADMIN_MSG.loginLimited);

      const editor = await findEditor(app.database, username);
      const valid = await verifyPassword(password, editor?.passwordHash ?? (await dummyHash));
      if (!editor || !valid || editor.disabled) throw new AdminHttpError(401, ADMIN_MSG.loginFailed);

      await app.rateLimit.reset(accountKey);
      const now = Date.now();
      const { token, csrfToken } = await openEditorSession(app.database, editor.id, now);
      await recordAudit(
        app.database.db,
        {
          editorId: editor.id,
          editor: editor.username,
          action: 'login',
          entity: 'session',
          entityId: editor.id,
        },
        now,
      );
      setSessionCookie(config, request, reply, token);
      return { user: toAdminUser(editor), csrfToken };
    },
  );

  app.get('/session', async (request): Promise<SessionInfo> => {
    const session = editorOf(request);
    return { user: toAdminUser(session.editor), csrfToken: session.csrfToken };
  });

  app.delete('/session', async (request, reply) => {
    const session = editorOf(request);
    const token = request.cookies[ADMIN_SESSION_COOKIE];
    if (token) await closeEditorSession(app.database, token);
    await recordAudit(
      app.database.db,
      {
        editorId: session.editor.id,
        editor: session.editor.username,
        action: 'logout',
        entity: 'session',
        entityId: session.editor.id,
      },
      Date.now(),
    );
    setSessionCookie(config, request, reply, '', 0);
    return noContent(reply);
  });
}
