import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '@portal/api-client';
import { appForWidth, resolveRoute, type AppName, type Width } from '@portal/routes';
import { mobileArticleTarget } from '../article-redirect';
import { isKnownHost, safePath, type PublicOrigins } from '../origins';
import { readerWidth } from '../width';

/** Where a page request goes, once its host and width have been dealt with. */
export interface PageRequest {
  /** The request's (safe) path and query, on a placeholder origin. */
  url: URL;
  /** The page's path: "/video" for the data request "/video.data". */
  path: string;
  /** A React Router data request: never redirected, never cached. */
  data: boolean;
  width: Width;
  /** The app that renders the page. */
  app: AppName;
  /** The route table gives the path to `app`: no other app may stand in for it. */
  owned: boolean;
}

/**
 * Hosts and width. Pages are served on the public hosts only: an unknown Host goes to the canonical
 * one (or gets 421 when it cannot be redirected), so a forged Host never reaches a render or the
 * cache. The reader's width then picks the app, and width redirects happen here, before any
 * rendering (DESIGN.md section 2). Answers null when a redirect or refusal has been sent.
 */
export async function routePage(
  request: FastifyRequest,
  reply: FastifyReply,
  origins: PublicOrigins,
  api: () => Api,
): Promise<PageRequest | null> {
  if (!isKnownHost(request.host, origins)) {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      reply.code(421).type('text/plain; charset=utf-8').send('请求的域名不正确');
    } else {
      redirect(reply, `${origins.desktop}${safePath(request.url)}`);
    }
    return null;
  }
  const url = new URL(safePath(request.url), 'http://gateway.invalid');
  const { path, data } = pagePath(url.pathname);
  const width = readerWidth({
    host: request.host,
    cookie: request.headers.cookie,
    userAgent: request.headers['user-agent'],
  });
  const resolution = resolveRoute(path, url.search, width);
  reply.header('Vary', 'Cookie, User-Agent');
  const readable = !data && (request.method === 'GET' || request.method === 'HEAD');
  if (resolution.redirect && readable) {
    redirect(reply, safePath(resolution.redirect));
    return null;
  }
  let app = resolution.app;
  if (resolution.articleId !== undefined && readable) {
    const location = await mobileArticleTarget(api(), resolution.articleId);
    if (location) {
      redirect(reply, location);
      return null;
    }
    // No such article: the reader's own app renders its 404 page for this path.
    app = appForWidth(width);
  }
  return { url, path, data, width, app, owned: resolution.rule !== undefined && app === resolution.app };
}

function redirect(reply: FastifyReply, location: string): void {
  reply.code(302).header('Location', location).header('Cache-Control', 'no-store').send();
}

/** React Router data requests ("/video.data", "/_root.data") resolve like the page they load. */
function pagePath(pathname: string): { path: string; data: boolean } {
  if (!pathname.endsWith('.data')) return { path: pathname, data: false };
  const stripped = pathname.slice(0, -'.data'.length);
  return { path: stripped === '/_root' ? '/' : stripped || '/', data: true };
}
