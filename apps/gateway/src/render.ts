import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { NO_TRANSFORM } from '@portal/routes';
import type { AppHandler } from './apps';
import type { CachedResponse } from './micro-cache';

/**
 * Builds the Fetch API Request React Router expects from a Fastify request. `url` is absolute on
 * the app's configured public origin, so `request.url` in loaders is safe for canonical links.
 * The body is the one the gateway read (bounded by PAGE_BODY_LIMIT).
 */
export function toWebRequest(request: FastifyRequest, reply: FastifyReply, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers,
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body)) {
    init.body = new Uint8Array(request.body);
  }
  return new Request(url, init);
}

/**
 * Renders with an app's handler and reads the whole response (documents are rendered onAllReady
 * anyway). `context.cspNonce` is the nonce the page's inline scripts carry.
 */
export async function renderApp(
  handler: AppHandler,
  request: Request,
  context: AppLoadContext,
): Promise<CachedResponse> {
  const response = await handler(request, context);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'cache-control')
      headers.push([name, value]);
  });
  // Kept with the page, so a replay carries it too (cdn.ts replaces a bare no-transform with the CDN rule).
  headers.push(['cache-control', withNoTransform(response.headers.get('cache-control'))]);
  for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie]);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0);
  return { status: response.status, headers, body, nonce: context.cspNonce };
}

/**
 * The app's Cache-Control with no-transform added (Baidu's transcoder then leaves the page alone,
 * DESIGN.md section 10); the app's caching rules stay as they were.
 */
export function withNoTransform(cacheControl: string | null | undefined): string {
  const value = cacheControl?.trim() ?? '';
  if (!value) return NO_TRANSFORM;
  const directives = value.split(',').map((d) => d.trim().toLowerCase());
  return directives.includes(NO_TRANSFORM) ? value : `${value}, ${NO_TRANSFORM}`;
}

export function sendRendered(
  reply: FastifyReply,
  rendered: CachedResponse,
  cacheState?: 'HIT' | 'STALE' | 'MISS',
) {
  reply.code(rendered.status);
  const cookies: string[] = [];
  for (const [name, value] of rendered.headers) {
    if (name === 'set-cookie') cookies.push(value);
    else reply.header(name, value);
  }
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (cacheState) reply.header('x-micro-cache', cacheState);
  return reply.send(rendered.body);
}

/** Only anonymous, successful-or-404 HTML without cookies being set is shared between readers. */
export function isShareable(rendered: CachedResponse): boolean {
  if (rendered.status !== 200 && rendered.status !== 404) return false;
  let html = false;
  for (const [name, value] of rendered.headers) {
    if (name === 'set-cookie') return false;
    if (name === 'cache-control' && /private|no-store/i.test(value)) return false;
    if (name === 'content-type' && value.startsWith('text/html')) html = true;
  }
  return html;
}
