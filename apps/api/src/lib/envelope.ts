import { ERROR_MESSAGES, ErrorCode, type Envelope } from '@portal/api-client/codes';

/** Success envelope; `total` only on paged lists. */
export function ok<T>(data: T, total?: number): Envelope<T> {
  const msg = ERROR_MESSAGES[ErrorCode.Ok];
  return total === undefined ? { code: ErrorCode.Ok, msg, data } : { code: ErrorCode.Ok, msg, data, total };
}

/** Failure envelope with the code's default Chinese message unless a specific one is given. */
export function fail(code: ErrorCode, msg?: string): Envelope<null> {
  return { code, msg: msg ?? ERROR_MESSAGES[code], data: null };
}

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

/** Thrown by handlers and hooks; the error handler turns it into `fail(code, msg)`. */
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
