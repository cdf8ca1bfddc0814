import { MOBILE_BREAKPOINT } from '@portal/api-client/constants';
import { resolveRoute } from './resolve';
import { SHARED_PATHS } from './table';

/**
 * Where crawlers find the sitemaps (robots.txt names the index). The API writes them (it reads the
 * articles as a stream), the gateway and nginx pass these paths to it at any width.
 */
export const SITEMAP_INDEX_PATH = '/sitemap.xml';
/** Child sitemaps: `/sitemaps/pages.xml` and `/sitemaps/articles-{n}.xml`. */
export const SITEMAPS_PREFIX = '/sitemaps';

/**
 * The media query of a mobile alternate (`<xhtml:link rel="alternate" media=…>`): the portal's own
 * breakpoint, the width under which the gateway sends a reader to the mobile page.
 */
export const MOBILE_ALTERNATE_MEDIA = `only screen and (max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/**
 * The mobile page that shows the same content as a desktop page (path and query), from the route
 * table's width redirects: a shared path is its own equivalent; a redirect to the bare home page is
 * a fallback for a page the phone app lacks (categories, /more), not an equivalent, so none.
 * Articles under /news/{id} need their category (the caller knows it).
 */
export function mobileEquivalent(pathAndQuery: string): string | undefined {
  const url = new URL(pathAndQuery, 'http://portal.invalid');
  if (SHARED_PATHS.includes(url.pathname)) return `${url.pathname}${url.search}`;
  const resolution = resolveRoute(url.pathname, url.search, 'narrow');
  if (resolution.rule?.app !== 'desktop' || !resolution.redirect) return undefined;
  return resolution.redirect === '/' ? undefined : resolution.redirect;
}
