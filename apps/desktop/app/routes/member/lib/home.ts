import type { NavigateFunction } from 'react-router';
import { href, resolveRoute, widthOf } from '@portal/routes';

/**
 * Goes to the home page of the reader's width. /login and /forget are desktop routes that serve
 * every width, but / on a phone belongs to the mobile app: a client-side navigation would keep
 * the desktop home there, so narrow screens load the document and let the gateway choose.
 */
export function goHome(navigate: NavigateFunction): void {
  const { app, redirect } = resolveRoute(href.home(), '', widthOf(window.innerWidth));
  if (app === 'desktop' && !redirect) void navigate(href.home());
  else window.location.assign(redirect ?? href.home());
}
