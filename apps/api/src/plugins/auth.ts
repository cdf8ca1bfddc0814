import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { MEMBER_HEADER } from '@portal/api-client/member-identity';
import type { ApiConfig } from '../config';
import { ApiError } from '../lib/envelope';
import { verifyAccessToken } from '../lib/token';
import { findMemberSession, vendorUserExists } from '../repositories/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The member of a valid stoken (member calls only). */
    memberId: number | null;
    /** The vendor landing user (vendor calls only). */
    vendorUserId: string | null;
  }
}

/** The spec's payload of a call: body for POST/DELETE, query for GET (spec section 7). */
function identitySource(request: FastifyRequest): Record<string, unknown> {
  const source = request.method === 'GET' ? request.query : request.body;
  return source && typeof source === 'object' && !Array.isArray(source)
    ? (source as Record<string, unknown>)
    : {};
}

/**
 * The member identity: the MEMBER_HEADER pair the portal's clients send (never in a URL, issue 11),
 * else the spec's stoken / member_id in the payload, which other clients may still send.
 */
function memberIdentity(request: FastifyRequest): { stoken: unknown; member_id: unknown } {
  const header = request.headers[MEMBER_HEADER.stoken];
  if (header !== undefined) return { stoken: header, member_id: request.headers[MEMBER_HEADER.memberId] };
  const { stoken, member_id } = identitySource(request);
  return { stoken, member_id };
}

/**
 * Access levels of `endpoints`: every call but `open` ones needs the Bearer access token;
 * `member` calls also need a live stoken whose member is `member_id`; `vendor` calls a known user_id.
 */
export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    app.decorateRequest('memberId', null);
    app.decorateRequest('vendorUserId', null);

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access || access === 'open') return; // unknown calls fall through to the 404 handler
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match || !verifyAccessToken(config.tokenSecret, match[1]))
        throw new ApiError(ErrorCode.TokenInvalid);
    });

    // Before validation: the payload schemas strip stoken/member_id from the body.
    app.addHook('preValidation', async (request) => {
      if (request.routeOptions.config.access !== 'member') return;
      const { stoken, member_id } = memberIdentity(request);
      const memberId =
        typeof member_id === 'string' && /^\d{1,15}$/.test(member_id) ? Number(member_id) : member_id;
      if (
        typeof stoken !== 'string' ||
        !stoken ||
        stoken.length > 200 ||
        typeof memberId !== 'number' ||
        !Number.isSafeInteger(memberId)
      ) {
        throw new ApiError(ErrorCode.SessionInvalid);
      }
      const sessionMember = await findMemberSession(app.database, stoken, Date.now());
      // The member is the stoken's; a member_id naming anyone else is refused (DESIGN.md section 5).
      if (sessionMember === null || sessionMember !== memberId) throw new ApiError(ErrorCode.SessionInvalid);
      request.memberId = sessionMember;
    });

    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.config.access !== 'vendor') return;
      const { user_id } = identitySource(request);
      if (
        typeof user_id !== 'string' ||
        !user_id ||
        user_id.length > 100 ||
        !(await vendorUserExists(app.database, user_id))
      ) {
        throw new ApiError(ErrorCode.Forbidden, '请先使用手机号登录');
      }
      request.vendorUserId = user_id;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
