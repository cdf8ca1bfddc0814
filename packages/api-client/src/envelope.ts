/**
 * The one envelope module (issue 12): build an envelope (the API's answers and the clients' own
 * failures alike), recognise a response body as one, test success, settle a call that may throw, and
 * take a side block's data or its fallback. The API, transports, loaders and components use these
 * instead of their own copies. No axios, no React.
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

/**
 * The one envelope builder: `{code, msg, data}` in that order (the API's wire bytes), msg the code's
 * documented message unless one is given, `total` only when given (paged lists).
 */
function envelope<T>(code: number, data: T, msg?: string, total?: number): Envelope<T> {
  const built: Envelope<T> = { code, msg: msg ?? ERROR_MESSAGES[code as ErrorCode] ?? '', data };
  if (total !== undefined) built.total = total;
  return built;
}

/** A success envelope: `ok(list, { total })` for a page, `ok(null, { msg: '保存成功' })` to say what was done. */
export function ok<T>(data: T, extra: { msg?: string; total?: number } = {}): Envelope<T> {
  return envelope(ErrorCode.Ok, data, extra.msg, extra.total);
}

/** A failure envelope with the code's documented message unless one is given. */
export function failure(code: number, msg?: string): Envelope<null> {
  return envelope(code, null, msg);
}

/** A body as the clients see it: msg always a string (the code's message when missing), data null when absent. */
export function normaliseEnvelope(body: Envelope<unknown>): Envelope<unknown> {
  return envelope(
    body.code,
    body.data ?? null,
    typeof body.msg === 'string' ? body.msg : undefined,
    typeof body.total === 'number' ? body.total : undefined,
  );
}

/** A call that may throw (a transport bug, a network library) settled into an envelope. */
export async function settle<T>(call: Promise<Envelope<T>>): Promise<Envelope<T>> {
  try {
    return await call;
  } catch (error) {
    const msg = error instanceof Error ? error.message : String(error);
    return envelope(ErrorCode.ServerError, null as T, msg);
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
