import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { MEMBER_HEADERS } from '@portal/api-client/constants';
import type { ApiConfig } from '../config';
import type { Db } from '../db';
import { ApiError } from '../lib/envelope';
import { verifyAccessToken } from '../lib/token';
import { findMemberSession, vendorUserExists } from '../repositories/sessions';
import { MSG } from '@portal/api-client/messages';

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

/** stoken + member_id from the MEMBER_HEADERS, or null when the stoken header is absent. */
export function headerIdentity(request: FastifyRequest): { stoken: unknown; member_id: unknown } | null {
  const stoken = request.headers[MEMBER_HEADERS.stoken];
  if (stoken === undefined) return null;
  return { stoken, member_id: request.headers[MEMBER_HEADERS.memberId] };
}

/**
 * The member of a live `stoken` that belongs to `memberId` (as sent: a number or a digit string),
 * or 10001. The one check of a member identity, wherever it was read from (body, query, headers).
 */
export async function resolveMemberSession(
  database: Db,
  stoken: unknown,
  memberId: unknown,
  now = Date.now(),
): Promise<number> {
  const id = typeof memberId === 'string' && /^\d{1,15}$/.test(memberId) ? Number(memberId) : memberId;
  if (
    typeof stoken !== 'string' ||
    !stoken ||
    stoken.length > 200 ||
    typeof id !== 'number' ||
    !Number.isSafeInteger(id)
  ) {
    throw new ApiError(ErrorCode.SessionInvalid);
  }
  const sessionMember = await findMemberSession(database, stoken, now);
  // The member is the stoken's; a member_id naming anyone else is refused (DESIGN.md section 5).
  if (sessionMember === null || sessionMember !== id) throw new ApiError(ErrorCode.SessionInvalid);
  return sessionMember;
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
      // Uploads: the multipart parser has already checked the session, before the file's bytes.
      if (request.memberId !== null) return;
      const { stoken, member_id } = headerIdentity(request) ?? identitySource(request);
      request.memberId = await resolveMemberSession(app.database, stoken, member_id);
    });

    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.config.access !== 'vendor') return;
      const { user_id } = identitySource(request);
      if (
        typeof user_id !== 'string' ||
        !user_id ||
        user_id.length > 100 ||
        !(await vendorUserExists(app.database, user_id, Date.now()))
      ) {
        throw new ApiError(ErrorCode.Forbidden, MSG.vendorLoginFirst);
      }
      request.vendorUserId = user_id;
    });
  },
  { name: 'auth', dependencies: ['db'] },
);
