import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { isSharedPath, matchRoute } from './resolve';
import { mobileArticlePath, mobileDetailPath } from './table';

/**
 * The phone page of an article (spec section 2): /{category}/news/{id} when its category has one of
 * the twelve category pages, else /new_detail?id=, which renders any article. The gateway's width
 * redirect and the desktop article's Baidu mobile-agent both take it from here.
 */
export function phoneArticlePath(id: string | number, categoryAlias: string): string {
  return CATEGORY_PAGES.some((c) => c.alias === categoryAlias)
    ? mobileArticlePath(categoryAlias, id)
    : mobileDetailPath(id);
}

/**
 * The path and query of the phone page equivalent to a desktop path, from the route table: a
 * shared path is its own equivalent (the phone app renders it), a desktop route with `otherWidth`
 * goes where a phone reader is redirected. Undefined for desktop-only routes, landing pages and
 * unknown paths, and for article routes (`articleId`), whose phone page needs the article's
 * category: the article page gives it with phoneArticlePath.
 */
export function phonePathOf(pathname: string, search = ''): string | undefined {
  if (isSharedPath(pathname)) return `${pathname}${search}`;
  const found = matchRoute(pathname);
  if (!found || found.rule.app !== 'desktop' || !found.rule.otherWidth) return undefined;
  return found.rule.otherWidth({ params: found.params, query: new URLSearchParams(search) });
}

/**
 * The Cache-Control directive that keeps Baidu's transcoder (百度转码) from rewriting a page: the
 * gateway adds it to every page answer's header, every document repeats it in an http-equiv meta.
 */
export const NO_TRANSFORM = 'no-transform';
