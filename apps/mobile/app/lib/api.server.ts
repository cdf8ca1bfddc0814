import type { AppLoadContext } from 'react-router';
import type { Api } from '@portal/api-client';
import { optional as optionalCall } from '@portal/api-client/envelope';
import { required as requiredCall } from '@portal/api-client/route-envelope';
import { serverApi } from '@portal/api-client/server';
import type { Envelope } from '@portal/api-client/codes';

export { publicOrigin } from '@portal/api-client/server';

/** The API for this request's loaders (in-process under the gateway, HTTP when run alone). */
export function apiFor(context: AppLoadContext): Api {
  return serverApi(context);
}

/**
 * The page's main content: a missing item or a bad id answers the 404 page, anything else
 * the error page, so a reader never sees an empty shell.
 */
export function required<T>(call: Promise<Envelope<T>>): Promise<T> {
  return requiredCall('[mobile]', call);
}

/** A secondary block: a failure is logged and the block renders empty (spec section 8: silent). */
export function optional<T>(name: string, call: Promise<Envelope<T>>, fallback: T): Promise<T> {
  return optionalCall(`[mobile] ${name}`, call, fallback);
}
