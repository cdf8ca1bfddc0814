import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_API_PREFIX, ADMIN_MSG } from '@portal/api-client/admin';
import { ErrorCode, type Envelope } from '@portal/api-client/codes';
import { PG_QUERY_CANCELED } from '../db';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { ApiError } from '../lib/envelope';
import { failure } from '@portal/api-client/envelope';
import { MSG } from '@portal/api-client/messages';

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot decode (`/api/x%F4%90%80%80`) or a
 * failed route constraint never reaches setErrorHandler, so it gets its envelope here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code }, error.message);
  // The back office's API speaks its own error format ({message}, routes/admin/http.ts).
  if (request.url.startsWith(`${ADMIN_API_PREFIX}/`)) {
    void reply.status(400).send({ message: ADMIN_MSG.badInput });
    return;
  }
  void reply.status(400).send(failure(ErrorCode.BadRequest));
}

/**
 * One error handler for the whole API: every failure is an envelope with a documented code.
 * Client errors keep their specific code; anything else is logged and answered ServerError
 * without details (DESIGN.md section 5).
 */
export default fp(
  async (app) => {
    // Empty JSON bodies (a POST call without payload) parse as {}; everything else goes through
    // Fastify's own parser, which keeps prototype-poisoning protection on.
    const jsonParser = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      jsonParser(request, text, done);
    });

    // A NUL character is never valid text for either database (PostgreSQL refuses it outright):
    // refused here, once, for the body, the query and the route parameters of every call.
    app.addHook('preValidation', async (request, reply) => {
      if (!holdsNul(request.body) && !holdsNul(request.query) && !holdsNul(request.params)) return;
      if (request.url.startsWith(`${ADMIN_API_PREFIX}/`)) {
        return reply.status(400).send({ message: ADMIN_MSG.badInput });
      }
      return reply.status(400).send(failure(ErrorCode.BadRequest));
    });

    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      const { status, body } = errorEnvelope(error, request.log, request.routeOptions.config.call);
      return reply.status(status).send(body);
    });

    app.setNotFoundHandler((_request, reply) => reply.status(404).send(failure(ErrorCode.UnknownCall)));
  },
  { name: 'errors' },
);

/**
 * The status and envelope of a failed call, over HTTP (the error handler above) and in-process
 * (routes/define-call.ts invokeCall): client errors keep their specific code; anything else is logged and
 * answered ServerError without details.
 */
export function errorEnvelope(
  error: Partial<FastifyError> | ApiError,
  log: FastifyBaseLogger,
  call: string | undefined,
): { status: number; body: Envelope<null> } {
  if (error instanceof ApiError)
    return { status: error.statusCode, body: failure(error.code, error.message) };
  if (error.code === 'FST_ERR_VALIDATION') {
    // A validator that returned a plain error (not an ApiError): still a field problem.
    return { status: 200, body: failure(ErrorCode.Validation) };
  }
  if (error.code === PG_QUERY_CANCELED) {
    // statement_timeout stopped a query: the database is saturated or the query is pathological.
    log.warn({ call }, 'query stopped by statement_timeout');
    return { status: 503, body: failure(ErrorCode.Overloaded) };
  }
  if (isDatabaseUnavailable(error)) {
    // PostgreSQL restarting or unreachable: a state of the server, said so, not a bare 500.
    log.warn({ err: error, call }, 'database unavailable');
    return { status: 503, body: failure(ErrorCode.DatabaseUnavailable) };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { status: 413, body: failure(ErrorCode.BadRequest, MSG.bodyTooLarge) };
  if (status >= 400 && status < 500) {
    // Malformed JSON, poisoned prototypes, unsupported media types, bad headers.
    log.info({ code: error.code }, error.message);
    return { status: 400, body: failure(ErrorCode.BadRequest) };
  }
  log.error({ err: error }, 'unhandled error');
  return { status: 500, body: failure(ErrorCode.ServerError) };
}

/** Whether any string (key or value) in a parsed input holds U+0000; iterative, so depth costs no stack. */
export function holdsNul(input: unknown): boolean {
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}
