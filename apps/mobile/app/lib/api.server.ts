import { data, type AppLoadContext } from 'react-router';
import { ErrorCode, type Api, type Envelope } from '@portal/api-client';
import { serverApi } from '@portal/api-client/server';

export { publicOrigin } from '@portal/api-client/server';

/** The API for this request's loaders (in-process under the gateway, HTTP when run alone). */
export function apiFor(context: AppLoadContext): Api {
  return serverApi(context);
}

/**
 * The page's main content: a missing item or a bad id answers the 404 page, anything else
 * the error page, so a reader never sees an empty shell.
 */
export async function required<T>(call: Promise<Envelope<T>>): Promise<T> {
  const res = await call;
  if (res.code === ErrorCode.Ok) return res.data;
  if (res.code === ErrorCode.NotFound || res.code === ErrorCode.Validation) {
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  throw data(null, { status: 500, statusText: res.msg });
}

/** A secondary block: a failure is logged and the block renders empty (spec section 8: silent). */
export async function optional<T>(name: string, call: Promise<Envelope<T>>, fallback: T): Promise<T> {
  try {
    const res = await call;
    if (res.code === ErrorCode.Ok && res.data != null) return res.data;
    console.error(`[mobile] ${name}: ${res.code} ${res.msg}`);
  } catch (error) {
    console.error(`[mobile] ${name} failed`, error);
  }
  return fallback;
}
