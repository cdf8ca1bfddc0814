import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE } from '@portal/api-client/constants';
import { acceptsGzip, gzipWithNonce, precompress } from '../cached-gzip';
import type { GatewayMetrics } from '../metrics';
import { microCacheKey, type CachedResponse, type MicroCache, type PageKey } from '../micro-cache';
import { isShareable, sendRendered } from '../render';
import { withNonce } from '../security-headers';

/** Cookies that do not make a request personal (the width and consent flags). */
const ANONYMOUS_COOKIES = new Set<string>([COOKIE.viewportWidth, COOKIE.consent]);

/** What tells one rendered page from another: the cache key less the request's own host and cookie. */
export interface PageIdentity extends Omit<PageKey, 'host' | 'cookie'> {
  /** A React Router data request: never shared. */
  data: boolean;
}

/**
 * Caches: an anonymous GET of a page is answered from the micro-cache (about a second), and
 * concurrent misses share one render (`x-micro-cache: HIT|MISS`); anything else is rendered for
 * this request alone. `nonce` is this answer's CSP nonce, swapped into a replayed page.
 */
export async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: MicroCache,
  metrics: GatewayMetrics,
  page: PageIdentity,
  nonce: string,
  render: () => Promise<CachedResponse>,
) {
  const cacheable = cache.enabled && request.method === 'GET' && !page.data && isAnonymous(request);
  if (!cacheable) return sendRendered(reply, await render());

  const key = microCacheKey({
    app: page.app,
    origin: page.origin,
    host: request.host,
    pathAndQuery: page.pathAndQuery,
    width: page.width,
    cookie: request.headers.cookie,
  });
  const hit = cache.get(key);
  if (hit) {
    metrics.microCache.inc({ result: 'hit' });
    return sendCached(request, reply, hit, nonce);
  }
  const joined = cache.pending(key);
  if (joined) {
    const shared = await joined;
    if (shared) {
      metrics.microCache.inc({ result: 'hit' });
      return sendCached(request, reply, shared, nonce);
    }
    return sendRendered(reply, await render());
  }
  let own: CachedResponse | undefined;
  await cache.fill(key, async () => {
    own = await render();
    return isShareable(own) ? own : null;
  });
  metrics.microCache.inc({ result: 'miss' });
  return sendRendered(reply, own!, 'MISS');
}

function isAnonymous(request: FastifyRequest): boolean {
  if (request.headers.authorization) return false;
  const cookie = request.headers.cookie;
  if (!cookie) return true;
  return cookie.split(';').every((part) => {
    const name = part.split('=')[0]?.trim();
    return !name || ANONYMOUS_COOKIES.has(name);
  });
}

/**
 * A page rendered for another request, replayed with this request's nonce: as gzip compressed once
 * per cached page when the reader takes it (cached-gzip.ts), else as HTML (compressed on the fly).
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedResponse, nonce: string) {
  if (!acceptsGzip(request.headers['accept-encoding']))
    return sendRendered(reply, withNonce(page, nonce), 'HIT');
  page.gzip ??= precompress(page.body, page.nonce);
  reply.header('Content-Encoding', 'gzip').header('Vary', 'Cookie, User-Agent, Accept-Encoding');
  return sendRendered(reply, { ...page, body: gzipWithNonce(page.gzip, nonce) }, 'HIT');
}
