/**
 * "The database is not there right now": PostgreSQL restarting, failing over, refusing connections,
 * or a connection cut in the middle of a query. Such a failure is the server's state, not the
 * request's fault and not a bug: reads are tried once more on a fresh connection (RetryingPool),
 * and what still fails is answered 503 with ErrorCode.DatabaseUnavailable, never a bare 500.
 */

/** SQLSTATEs of a server that is shutting down or starting up, and of lost connections (class 08). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
/** Socket errors of a server that is gone or unreachable. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres' own errors for a connection that ended (they carry no code). */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)))
    return true;
  if (LOST_CONNECTION.test(error.message)) return true;
  // AggregateError of a connection tried on several addresses (localhost: ::1 and 127.0.0.1).
  return error instanceof AggregateError && error.errors.some(isDatabaseUnavailable);
}
