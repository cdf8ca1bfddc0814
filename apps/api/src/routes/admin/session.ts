import { rehashPassword } from '../../repositories/password-rehash';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_MSG,
  ADMIN_SESSION_COOKIE,
  LOGIN_CAPTCHA_FIELD,
  loginSchema,
  type SessionInfo,
} from '@portal/api-client/admin';
import type { DragChallenge } from '@portal/api-client/contract';
import type { InferType } from 'yup';
import { servedOverHttps } from '@portal/config';
import type { ApiConfig } from '../../config';
import { addressKey } from '../../lib/address-key';
import { createOnceStore } from '../../lib/once-store';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from '../../lib/password';
import {
  CHALLENGES_PER_IP_MINUTE,
  challengeLimitKey,
  checkProof,
  issueChallenge,
} from '../../lib/sms/drag-captcha';
import { recordAudit } from '../../repositories/audit';
import { closeEditorSession, findEditor, openEditorSession, toAdminUser } from '../../repositories/editors';
import { AdminHttpError, editorOf, noContent } from './http';

/**
 * Back-office login limits (issue 23 item 2), in one window. Failures lock an (account, address)
 * pair and an address; failures on one account from many addresses never lock it (anyone could
 * lock an editor out), they make its next sign-ins pass the slider check first.
 */
export const ADMIN_LOGIN_LIMITS = {
  /** Attempts per account and address. */
  perPair: 5,
  /** Attempts per address (an IPv6 /64), whatever the account. */
  perIp: 20,
  /** Failed attempts per account, from any address, after which the slider is required. */
  captchaAfter: 10,
  windowMs: 15 * 60_000,
} as const;

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
  const { perPair, perIp, captchaAfter, windowMs } = ADMIN_LOGIN_LIMITS;
  const answers = createOnceStore(app.redis);

  /** A refused attempt, with the address it came from (the audit log of item 9). */
  const audit = (request: FastifyRequest, action: string, username: string, detail: string, id?: number) =>
    recordAudit(
      app.database.db,
      {
        editorId: id ?? null,
        editor: username,
        action,
        entity: 'session',
        entityId: username,
        detail,
        ip: request.ip,
      },
      Date.now(),
    );

  /** The slider of an account under attack: passes, or throws the 400 that asks for it. */
  async function requireSlider(proof: string, request: FastifyRequest, username: string) {
    if (!proof) {
      await audit(request, 'login-failed', username, 'slider required');
      throw new AdminHttpError(400, ADMIN_MSG.captchaRequired, LOGIN_CAPTCHA_FIELD);
    }
    const result = await checkProof(answers, proof, request.ip);
    if (result === 'ok') return;
    await audit(request, 'login-failed', username, `slider ${result}`);
    const message = result === 'missed' ? ADMIN_MSG.captchaMissed : ADMIN_MSG.captchaExpired;
    throw new AdminHttpError(400, message, LOGIN_CAPTCHA_FIELD);
  }

  app.post<{ Body: InferType<typeof loginSchema> }>(
    '/session',
    { schema: { body: loginSchema }, config: { anonymous: true } },
    async (request, reply): Promise<SessionInfo> => {
      const { username, password, drag_verify: proof } = request.body;
      const account = username.toLowerCase();
      const address = addressKey(request.ip);
      const pairKey = `admin-login:pair:${account}:${address}`;
      const ipKey = `admin-login:ip:${address}`;
      const accountKey = `admin-login:user:${account}`;
      // Raise, then check: parallel guesses each take a slot before any hash runs.
      const [pair, byIp] = await Promise.all([
        app.rateLimit.hit(pairKey, perPair, windowMs),
        app.rateLimit.hit(ipKey, perIp, windowMs),
      ]);
      if (!pair.allowed || !byIp.allowed) {
        // One record when a lock starts (per lock and window), not one per refused request: a
        // flood cannot fill the log.
        if (pair.count === perPair + 1)
          await audit(request, 'login-throttled', username, 'account and address');
        if (byIp.count === perIp + 1) await audit(request, 'login-throttled', username, 'address');
        throw new AdminHttpError(429, ADMIN_MSG.loginLimited);
      }
      // Counted before the hash too, so a parallel burst from many addresses meets the slider.
      const byAccount = await app.rateLimit.hit(accountKey, captchaAfter, windowMs);
      if (!byAccount.allowed) await requireSlider(proof, request, username);

      const editor = await findEditor(app.database, username);
      const valid = editor
        ? await verifyPassword(password, editor.passwordHash)
        : await verifyNothing(password);
      if (!editor || !valid || editor.disabled) {
        const why = !editor ? 'unknown account' : !valid ? 'wrong password' : 'account disabled';
        await audit(request, 'login-failed', username, why, editor?.id);
        throw new AdminHttpError(401, ADMIN_MSG.loginFailed);
      }

      // A success was no failure: the pair starts afresh, the address and the account get their
      // attempt back (the account's other failures stand, so the slider stays until they expire).
      await Promise.all([
        app.rateLimit.reset(pairKey),
        app.rateLimit.undo(ipKey),
        app.rateLimit.undo(accountKey),
      ]);
      const now = Date.now();
      // A hash made with older scrypt parameters is replaced while the password is at hand.
      if (needsRehash(editor.passwordHash)) {
        const stronger = await hashPassword(password);
        await rehashPassword(app.database, 'editors', editor.id, editor.passwordHash, stronger, now);
      }
      const { token, csrfToken } = await openEditorSession(app.database, editor.id, now);
      await recordAudit(
        app.database.db,
        {
          editorId: editor.id,
          editor: editor.username,
          action: 'login',
          entity: 'session',
          entityId: editor.id,
          ip: request.ip,
        },
        now,
      );
      setSessionCookie(config, request, reply, token);
      return { user: toAdminUser(editor), csrfToken };
    },
  );

  /** The slider picture for a login that was asked for it (the members' drag_captcha, reused). */
  app.get('/session/captcha', { config: { anonymous: true } }, async (request): Promise<DragChallenge> => {
    const asked = await app.rateLimit.hit(
      challengeLimitKey(addressKey(request.ip)),
      CHALLENGES_PER_IP_MINUTE,
      60_000,
    );
    if (!asked.allowed) throw new AdminHttpError(429, ADMIN_MSG.captchaLimited);
    return issueChallenge(answers, request.ip);
  });

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
        ip: request.ip,
      },
      Date.now(),
    );
    setSessionCookie(config, request, reply, '', 0);
    return noContent(reply);
  });
}
