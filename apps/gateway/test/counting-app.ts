import { COOKIE } from '@portal/api-client/constants';
import type { AppName } from '@portal/routes';
import type { AppBundle } from '../src/apps';

/**
 * Stand-ins for the built apps that count their renders per path (the page cache tests count
 * renders): each page shows its app, path, render count and whether the reader consented, with two
 * inline scripts carrying the render's nonce. `/sets-cookie` sets a cookie; `/gone…` is a 404 page.
 */
export function countingApps(options: {
  /** Runs before each render (hold it, or make it take a while). */
  before?: (pathname: string) => Promise<void>;
  /** Appended to every page (a larger page). */
  filler?: string;
}) {
  const renders = new Map<string, number>();
  const app = (name: AppName): AppBundle => ({
    name,
    handler: async (request, context) => {
      const { pathname } = new URL(request.url);
      const count = (renders.get(pathname) ?? 0) + 1;
      renders.set(pathname, count);
      await options.before?.(pathname);
      const consent = (request.headers.get('cookie') ?? '').includes(`${COOKIE.consent}=`);
      const n = context.cspNonce ?? '';
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8' });
      if (pathname === '/sets-cookie') headers.append('set-cookie', 'x=1; Path=/');
      const html =
        `<html data-app="${name}"><head><script nonce="${n}">width()</script></head><body>` +
        `${pathname} render ${count} ${consent ? 'consented' : 'banner'}${options.filler ?? ''}` +
        `<script nonce="${n}">hydrate()</script></body></html>`;
      return new Response(html, { status: pathname.startsWith('/gone') ? 404 : 200, headers });
    },
  });
  return {
    apps: [app('desktop'), app('mobile'), app('landing')],
    rendersOf: (pathname: string) => renders.get(pathname) ?? 0,
  };
}
