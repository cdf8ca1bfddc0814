import { isSharedPath, matchRoute, resolveRoute } from '@portal/routes';

/** True for addresses that leave the product (http:, https:, protocol-relative). */
export function isExternal(url: string): boolean {
  return /^(https?:)?\/\//i.test(url);
}

/**
 * The phone address of an in-product link: list items carry desktop paths such as /news/12 or
 * /AI/12; the route table gives their mobile equivalent (/new_detail?id=12, /AI/news/12), so the
 * reader stays in the mobile app without a gateway redirect.
 */
export function toMobileHref(url: string): string {
  if (!url || isExternal(url)) return url;
  const [path, query = ''] = url.split('?', 2);
  return resolveRoute(path, query ? `?${query}` : '', 'narrow').redirect ?? url;
}

/**
 * True when the mobile app renders the path itself (its own routes and the shared ones: the home,
 * a topic's page); others (/login, /about) need a document load.
 */
export function isMobilePath(href: string): boolean {
  const path = href.split(/[?#]/, 1)[0];
  return isSharedPath(path) || matchRoute(path)?.rule.app === 'mobile';
}
