import { data } from 'react-router';
import { ErrorCode, type Envelope } from '@portal/api-client';

/**
 * The data of a successful call. NotFound and Validation become an HTTP 404 page (an unknown
 * mark, id or a malformed one); anything else is a load failure for the route's error boundary.
 */
export function unwrap<T>(name: string, res: Envelope<T>): T {
  if (res.code === ErrorCode.Ok) return res.data;
  if (res.code === ErrorCode.NotFound || res.code === ErrorCode.Validation) {
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  throw new Error(`${name} failed: ${res.code} ${res.msg}`);
}
