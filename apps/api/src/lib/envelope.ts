/**
 * The API's failures as thrown errors and their HTTP statuses. The envelopes themselves are built by
 * `ok` / `failure` of @portal/api-client/envelope, the one builder the clients use too.
 */
import { ERROR_MESSAGES, ErrorCode, type Envelope } from '@portal/api-client/codes';
import { ok } from '@portal/api-client/envelope';

/**
 * HTTP status of each failure. Business results (validation, not found, session…) are HTTP 200
 * with the code in the body, as the clients read `code`; transport-level problems use real statuses.
 */
export const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  [ErrorCode.BadRequest]: 400,
  [ErrorCode.TokenInvalid]: 401,
  [ErrorCode.ClientInvalid]: 401,
  [ErrorCode.UnknownCall]: 404,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.ServerError]: 500,
  [ErrorCode.Overloaded]: 503,
  [ErrorCode.DatabaseUnavailable]: 503,
};

/** Thrown by handlers and hooks; the error handler turns it into `failure(code, msg)`. */
export class ApiError extends Error {
  /** A plain field: Fastify's validation wrapper assigns it. */
  statusCode: number;
  constructor(
    readonly code: ErrorCode,
    msg?: string,
  ) {
    super(msg ?? ERROR_MESSAGES[code]);
    this.name = 'ApiError';
    this.statusCode = HTTP_STATUS[code] ?? 200;
  }
}

/** The envelope of one page of a list: its items, and the list's total beside them. */
export const okPage = <T>(page: { items: T[]; total: number }): Envelope<T[]> =>
  ok(page.items, { total: page.total });
