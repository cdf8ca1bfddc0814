import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header nginx sets to its `$request_id` (packages/routes' generated config). */
export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Fastify's `genReqId` for the gateway and the API: the id nginx gave the request when it is a
 * plain token, a fresh UUID otherwise, so one id follows a request through nginx, the gateway and
 * the API in their JSON log lines (`reqId`). A value that is not a short token is never logged.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}
