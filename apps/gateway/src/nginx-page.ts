import proxyAddr from '@fastify/proxy-addr';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COOKIE } from '@portal/api-client/constants';
import { NGINX_PAGE_HEADER } from '@portal/routes';
import { sharedCacheControl, type CdnRule } from './cdn';
import { readCookie, readerWidth } from './width';

/**
 * nginx's micro-cache in front (issue 27, @portal/routes nginx-page-cache.ts): how nginx classed a
 * page request (its cache key's width and consent cookie), and how long it may keep the answer.
 */
export interface NginxPage {
  width: string;
  consent: string;
}

/**
 * Reads NGINX_PAGE_HEADER from a peer TRUST_PROXY names (nginx), null otherwise: a client that
 * sends it itself gets nothing it could make nginx keep.
 */
export function nginxPageReader(
  trustProxy: readonly string[],
): (request: FastifyRequest) => NginxPage | null {
  const trusted = proxyAddr.compile([...trustProxy]);
  const name = NGINX_PAGE_HEADER.toLowerCase();
  return (request) => {
    const value = request.headers[name];
    if (typeof value !== 'string' || !trusted(request.socket.remoteAddress ?? '', 0)) return null;
    const at = value.indexOf(';');
    return at < 0 ? null : { width: value.slice(0, at), consent: value.slice(at + 1) };
  };
}

/**
 * X-Accel-Expires of a page answer to nginx (nginx strips it): an answer the CDN may share too
 * (withCachingHeaders gave it the shared Cache-Control: isShareable's rule) to a reader nginx classed
 * as the gateway does, fresh until the end of the second `seconds` − 1 from now (nginx counts whole
 * seconds: a relative "1" would live up to 2 s); "0" (never kept) otherwise.
 */
export function accelExpires(
  request: FastifyRequest,
  reply: FastifyReply,
  nginx: NginxPage,
  seconds: number,
  cdn: CdnRule,
): string {
  if (seconds <= 0 || reply.getHeader('cache-control') !== sharedCacheControl(cdn)) return '0';
  const cookie = request.headers.cookie;
  const width = readerWidth({ host: request.host, cookie, userAgent: request.headers['user-agent'] });
  const consent = readCookie(cookie, COOKIE.consent) ?? '';
  if (nginx.width !== width || nginx.consent !== consent) return '0';
  return `@${Math.floor(Date.now() / 1000) + seconds - 1}`;
}
