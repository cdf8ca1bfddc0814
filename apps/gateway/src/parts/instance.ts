import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { redactingLoggerOptions } from '@portal/api-client/redact';
import { requestIdOf } from '@portal/config';
import type { GatewayConfig } from '../config';
import { installRequestMetrics, type GatewayMetrics } from '../metrics';
import { installSecurityHeaders } from '../security-headers';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';

/**
 * Largest body of a page request (form actions, resource routes such as /article_pv): they post a
 * few fields. API bodies are not read here; the API applies its own limits.
 */
export const PAGE_BODY_LIMIT = 64 * 1024;

/**
 * The gateway's Fastify instance with what every answer gets: the redacting logger, the request id,
 * the client address rule, plain Chinese refusals, the security headers and the request metrics.
 */
export function createInstance(
  config: GatewayConfig,
  metrics: GatewayMetrics,
  logger: boolean,
): FastifyInstance {
  const app = Fastify({
    logger: logger ? redactingLoggerOptions(config.logLevel) : false,
    // Per-request lines would drown the log at portal traffic; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Client addresses come from the socket unless the peer is a proxy TRUST_PROXY names.
    trustProxy: [...config.trustProxy],
    bodyLimit: PAGE_BODY_LIMIT,
    // A request that reached a stopping gateway is served, not refused with 503: the in-process
    // API closes only after every request in flight has finished (server.ts drains first).
    return503OnClosing: false,
    // One request id from nginx (X-Request-Id) through the gateway to the API (api-host.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A path the router cannot decode ("/news/%E4%B8") gets the same Chinese refusal as other bad requests.
    frameworkErrors: (error, request, reply) => sendGatewayError(error, request, reply),
  });
  // Set before any scope is registered: a scope keeps the error handler it was registered under.
  app.setErrorHandler(sendGatewayError);
  installSecurityHeaders(app, config.publicOrigins);
  installRequestMetrics(app, metrics);
  return app;
}

/** Plain-text answers of the gateway's own refusals. */
const ERROR_TEXT: Record<number, string> = {
  413: '提交的内容过大',
  500: ERROR_MESSAGES[ErrorCode.ServerError],
};

/** Plain Chinese text for every failure outside the apps (bad URL, media type, body): never Fastify's English JSON. */
function sendGatewayError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code = error.statusCode;
  const status = typeof code === 'number' && code >= 400 && code < 500 ? code : 500;
  // A refused request (too large, malformed) is the client's doing, not an error of ours.
  if (status === 500) request.log.error({ err: error }, 'gateway error');
  else request.log.info({ code: error.code }, error.message);
  if (reply.sent) return;
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(ERROR_TEXT[status] ?? '请求无效');
}
