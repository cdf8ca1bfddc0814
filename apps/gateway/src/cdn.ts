import { NO_TRANSFORM } from '@portal/routes';
import type { CachedResponse } from './micro-cache';

/**
 * What a CDN (or any shared cache) in front may do with the portal's pages (issue 27): keep a page
 * every reader may get for `sMaxAge` seconds, then serve it stale for `staleSeconds` while it
 * fetches the page again (or while the portal errs or sheds load), and purge it by the surrogate
 * keys it carries when its content changes (the API's CDN purge). Browsers always revalidate.
 */
export interface CdnRule {
  /** s-maxage, seconds (CDN_S_MAXAGE). */
  sMaxAge: number;
  /** stale-while-revalidate and stale-if-error, seconds (CDN_STALE_S). */
  staleSeconds: number;
}

/** Cache-Control of a page every reader may get. */
export function sharedCacheControl(rule: CdnRule): string {
  const stale = rule.staleSeconds;
  return `public, max-age=0, s-maxage=${rule.sMaxAge}, stale-while-revalidate=${stale}, stale-if-error=${stale}, ${NO_TRANSFORM}`;
}

/** Cache-Control of any other answer: a member's or editor's page, one that sets a cookie, an error. */
export const PRIVATE_CACHE_CONTROL = `private, no-cache, ${NO_TRANSFORM}`;

/**
 * The page with its caching headers, decided once when it is rendered and kept with it in the
 * caches. An app's own Cache-Control (feeds, JSON resource routes) stands; a page that said nothing
 * gets the shared rule and its surrogate keys when `keys` is given (an anonymous, shareable page),
 * and stays private otherwise.
 */
export function withCachingHeaders(
  rendered: CachedResponse,
  keys: readonly string[] | null,
  rule: CdnRule,
): CachedResponse {
  const own = rendered.headers.find(([name]) => name === 'cache-control')?.[1];
  if (own !== undefined && own !== NO_TRANSFORM) return rendered;
  const headers = rendered.headers.filter(([name]) => name !== 'cache-control');
  if (!keys) return { ...rendered, headers: [...headers, ['cache-control', PRIVATE_CACHE_CONTROL]] };
  return {
    ...rendered,
    headers: [
      ...headers,
      ['cache-control', sharedCacheControl(rule)],
      // Fastly and nginx-style purgers read Surrogate-Key (spaces); Aliyun and Cloudflare Cache-Tag (commas).
      ['surrogate-key', keys.join(' ')],
      ['cache-tag', keys.join(',')],
    ],
  };
}
