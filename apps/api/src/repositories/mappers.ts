import { CATEGORY_PAGES } from '@portal/api-client/constants';
import type { ListItem } from '@portal/api-client/contract';
import { href } from '@portal/routes';
import { formatTime } from '../lib/time';

/**
 * Article rows → list items, and the category aliases their urls use (item urls are in-product
 * paths). The editorial kinds' records come from their entity modules (entities/*), mapped in
 * their own repositories.
 */

const ALIAS_BY_CAT = new Map<number, string>(CATEGORY_PAGES.map((c) => [c.id, c.alias]));

/** Route alias of a category that has its own page ("AI"), '' otherwise. */
export function categoryAlias(catId: number): string {
  return ALIAS_BY_CAT.get(Number(catId)) ?? '';
}

/** `/{alias}/{id}` when the article's category has a page, else `/news/{id}`. */
export function articleUrl(id: number, catId: number): string {
  return href.article({ category: categoryAlias(catId), id });
}

/** The phone page of the same article (the route table's width redirect of articleUrl). */
export function mobileArticleUrl(id: number, catId: number): string {
  return href.mobile.article({ category: categoryAlias(catId), id });
}

export interface ArticleListRow {
  id: number;
  cat_id: number;
  title: string;
  description: string;
  keyword: string;
  thumb: string;
  created_at: number;
}
export const ARTICLE_LIST_COLUMNS = [
  'id',
  'cat_id',
  'title',
  'description',
  'keyword',
  'thumb',
  'created_at',
] as const;

export function toListItem(row: ArticleListRow): ListItem {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    url: articleUrl(Number(row.id), Number(row.cat_id)),
    thumb: row.thumb,
    keyword: row.keyword,
    created_at: formatTime(row.created_at),
  };
}
