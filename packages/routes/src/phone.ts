import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { mobileArticlePath, mobileDetailPath } from './table';

/**
 * The phone page of an article (spec section 2): /{category}/news/{id} when its category has one of
 * the twelve category pages, else /new_detail?id=, which renders any article. The gateway's width
 * redirect, the search push, the sitemap's alternates and the desktop article's Baidu mobile-agent
 * take it from here.
 */
export function phoneArticlePath(id: string | number, categoryAlias: string): string {
  return CATEGORY_PAGES.some((c) => c.alias === categoryAlias)
    ? mobileArticlePath(categoryAlias, id)
    : mobileDetailPath(id);
}

/**
 * The Cache-Control directive that keeps Baidu's transcoder (百度转码) from rewriting a page: the
 * gateway adds it to every page answer's header, every document repeats it in an http-equiv meta.
 */
export const NO_TRANSFORM = 'no-transform';
