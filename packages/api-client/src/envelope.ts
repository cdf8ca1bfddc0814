/**
 * The one envelope module (issue 12): recognise a response body as an envelope, build a failure,
 * test success, settle a call that may throw, and take a side block's data or its fallback.
 * Transports, loaders and components use these instead of their own copies. No axios, no React.
 * Route loaders map codes to HTTP responses with ./route-envelope (React Router's `data`).
 */
import { ERROR_MESSAGES, ErrorCode, type Envelope } from './codes';

/** Anything with a numeric code is read as an envelope (the API answers errors with a body too). */
export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
  );
}

/** `if (isOk(res)) use(res.data)`: the call succeeded (spec: code 0). */
export function isOk<T>(res: Pick<Envelope<T>, 'code'>): boolean {
  return res.code === ErrorCode.Ok;
}

/** A failure envelope with the code's documented message unless one is given. */
export function failure(code: number, msg?: string): Envelope<null> {
  return { code, msg: msg ?? ERROR_MESSAGES[code as ErrorCode] ?? '', data: null };
}

/** A body as the clients see it: msg always a string (the code's message when missing), data null when absent. */
export function normaliseEnvelope(body: Envelope<unknown>): Envelope<unknown> {
  const envelope: Envelope<unknown> = {
    code: body.code,
    msg: typeof body.msg === 'string' ? body.msg : (ERROR_MESSAGES[body.code as ErrorCode] ?? ''),
    data: body.data ?? null,
  };
  if (typeof body.total === 'number') envelope.total = body.total;
  return envelope;
}

/** A call that may throw (a transport bug, a network library) settled into an envelope. */
export async function settle<T>(call: Promise<Envelope<T>>): Promise<Envelope<T>> {
  try {
    return await call;
  } catch (error) {
    const msg = error instanceof Error ? error.message : String(error);
    return { code: ErrorCode.ServerError, msg, data: null as T };
  }
}

/** A settled side block's data, or the fallback (the failure logged with the call's name). */
export function dataOr<T>(
  name: string,
  res: Envelope<T>,
  fallback: T,
  log: (line: string) => void = console.error,
): T {
  if (isOk(res) && res.data != null) return res.data;
  log(`${name}: ${res.code} ${res.msg}`);
  return fallback;
}

/**
 * A secondary block's data: on failure the block renders empty (spec section 7, common behaviour:
 * startup and side calls fail silently) and the failure is logged with the call's name.
 */
export async function optional<T>(
  name: string,
  call: Promise<Envelope<T>>,
  fallback: T,
  log: (line: string) => void = console.error,
): Promise<T> {
  return dataOr(name, await settle(call), fallback, log);
}
