import { CATEGORY_PAGES } from '@portal/api-client/constants';
import type { ListItem } from '@portal/api-client/contract';
import { ARTICLE_ITEM_FIELDS } from '@portal/api-client/entities/article';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { href } from '@portal/routes';
import type { Selectable } from 'kysely';
import type { DB } from '../db/schema';
import { formatTime } from '../lib/time';

/**
 * Article rows → list items (entities/article.ts), and the category aliases their urls use (item
 * urls are in-product paths). The editorial kinds' records come from their entity modules
 * (entities/*), mapped in their own repositories.
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

/** The columns of an article's list item (entities/article.ts), and the category its url needs. */
export const ARTICLE_LIST_COLUMNS = [...columnsFor(ARTICLE_ITEM_FIELDS, 'public'), 'cat_id'] as const;
export type ArticleListRow = Pick<Selectable<DB['articles']>, (typeof ARTICLE_LIST_COLUMNS)[number]>;

export function toListItem(row: ArticleListRow): ListItem {
  return fromRow(ARTICLE_ITEM_FIELDS, 'public', row, {
    url: articleUrl(Number(row.id), Number(row.cat_id)),
    created_at: formatTime(row.created_at),
  });
}
