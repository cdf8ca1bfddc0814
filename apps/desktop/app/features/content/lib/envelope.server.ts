import { data } from 'react-router';
import { ErrorCode, type Envelope } from '@portal/api-client';

/**
 * The data of a call a page cannot do without. A missing or invalid id (NotFound, Validation)
 * answers the 404 page with status 404; any other failure is a 500 (the root error page).
 */
export function unwrap<T>(name: string, res: Envelope<T>): T {
  if (res.code === ErrorCode.Ok) return res.data;
  if (res.code === ErrorCode.NotFound || res.code === ErrorCode.Validation) {
    throw data(null, { status: 404, statusText: res.msg });
  }
  console.error(`[desktop] ${name}: ${res.code} ${res.msg}`);
  throw data(null, { status: 500, statusText: res.msg });
}

/** A list call with its total (pagination), failing like unwrap. */
export function unwrapPage<T>(name: string, res: Envelope<T>): { items: T; total: number } {
  const items = unwrap(name, res);
  return { items, total: res.total ?? 0 };
}

/** A side block: its failure only empties the block (logged), the page still renders. */
export function optional<T>(name: string, res: Envelope<T>, fallback: T): T {
  if (res.code === ErrorCode.Ok) return res.data;
  console.error(`[desktop] ${name}: ${res.code} ${res.msg}`);
  return fallback;
}

/** Calls that may throw (HTTP fallback transport) are settled into an envelope. */
export async function settle<T>(call: Promise<Envelope<T>>): Promise<Envelope<T>> {
  try {
    return await call;
  } catch (error) {
    return { code: ErrorCode.ServerError, msg: error instanceof Error ? error.message : String(error), data: null as T };
  }
}
