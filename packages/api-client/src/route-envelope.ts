/**
 * Envelopes to route responses, for React Router loaders: the page's main data, or the 404 page
 * for a missing item or a malformed id (NotFound, Validation), or the error page (500) for
 * anything else, so a reader never sees an empty shell.
 */
import { data } from 'react-router';
import { ErrorCode, type Envelope } from './codes';
import { isOk, settle } from './envelope';

/**
 * The HTTP status a failed main call answers with: 404, 503 when the database is unavailable or
 * saturated (a moment's wait helps: the error page says so), 500 otherwise.
 */
export function statusOf(code: number): 404 | 500 | 503 {
  if (code === ErrorCode.NotFound || code === ErrorCode.Validation) return 404;
  if (code === ErrorCode.DatabaseUnavailable || code === ErrorCode.Overloaded) return 503;
  return 500;
}

/** The data of a call a page cannot do without; a failure throws the route response. */
export function unwrap<T>(name: string, res: Envelope<T>): T {
  if (isOk(res)) return res.data;
  const status = statusOf(res.code);
  if (status !== 404) console.error(`${name}: ${res.code} ${res.msg}`);
  throw data(null, { status, statusText: status === 404 ? 'Not Found' : res.msg });
}

/** A list call with its total (pagination), failing like unwrap. */
export function unwrapPage<T>(name: string, res: Envelope<T>): { items: T; total: number } {
  return { items: unwrap(name, res), total: res.total ?? 0 };
}

/** `await required('article_content', api.article_content({id}))`: unwrap of a call that may throw. */
export async function required<T>(name: string, call: Promise<Envelope<T>>): Promise<T> {
  return unwrap(name, await settle(call));
}
