import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portal/api-client/codes';
import { addressKey } from '../../lib/address-key';
import type { ApiConfig } from '../../config';
import { ApiError } from '../../lib/envelope';
import { ok } from '@portal/api-client/envelope';
import { defineCall } from '../define-call';
import { ACCESS_TOKEN_TTL_S, safeEqual, signAccessToken } from '../../lib/token';

/**
 * Token purchases per IP per minute: generous because many readers share one office or campus NAT
 * address and each browser buys one, still a wall for guessing the client credential.
 */
const TOKEN_RATE = { limit: 600, windowMs: 60_000 };

export default async function authRoutes(app: FastifyInstance, { config }: { config: ApiConfig }) {
  defineCall(app, 'accessToken', async ({ id, secret }, request) => {
    await app.rateLimit.consume(`token:${addressKey(request.ip)}`, TOKEN_RATE.limit, TOKEN_RATE.windowMs);
    // Both comparisons always run: the answer time does not tell which half was wrong.
    const idOk = safeEqual(id, config.clientId);
    const secretOk = safeEqual(secret, config.clientSecret);
    if (!(idOk && secretOk)) throw new ApiError(ErrorCode.ClientInvalid);
    return ok({
      access_token: signAccessToken(config.tokenSecret, config.clientId),
      expires_in: ACCESS_TOKEN_TTL_S,
    });
  });
}
