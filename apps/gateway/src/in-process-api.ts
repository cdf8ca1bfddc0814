import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createApi, type Api } from '@portal/api-client';

/**
 * The loaders' API under the gateway, one per request: every call runs the API's own handler in
 * this process (`invoke`: the same payload schema, rules and read cache as `/api/{name}`) with the
 * reader's address and request logger; no access token, no inject, no JSON round trip.
 */
export function inProcessApi(app: FastifyInstance, request: FastifyRequest): Api {
  const caller = { ip: request.ip, log: request.log };
  return createApi((name, payload) => app.invoke(name, payload, caller));
}
