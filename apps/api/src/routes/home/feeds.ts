import { ErrorCode } from '@portal/api-client/codes';
import { MOBILE_MENU, SECTION_ID } from '@portal/api-client/constants';
import type { ListItem } from '@portal/api-client/contract';
import type { Db } from '../../db';
import { ApiError } from '../../lib/envelope';
import { countFlagged, listFlagged, listLatest, pickedArticles } from '../../repositories/articles';
import { noMemo, pageOf, type ListMemo } from '../../repositories/paging';
import { listEventItems } from '../../repositories/events';
import { listVideoItems, listWhitePaperItems } from '../../repositories/media';
import { menuCategory } from '../../repositories/site';
import { countTopics, listTopics } from '../../repositories/topics';
import { MSG } from '@portal/api-client/messages';

/**
 * The list behind a mobile menu (spec: /general/{menu_id}): 10001 recommended articles,
 * 10000 activities, 10002 special topics, 0 everything newest, any other id its category's
 * articles (or, for the activity, white paper and video sections, their events, papers, videos).
 */
export async function menuFeed(
  database: Db,
  menuId: number,
  page: number,
  pageSize: number,
  memo: ListMemo = noMemo,
): Promise<{ items: ListItem[]; total: number }> {
  const { offset, limit } = pageOf(page, pageSize);
  switch (menuId) {
    case MOBILE_MENU.recommended: {
      const [items, total] = await Promise.all([
        listFlagged(database, 'is_recommend', limit, 0, offset, memo),
        countFlagged(database, 'is_recommend', memo),
      ]);
      return { items, total };
    }
    case MOBILE_MENU.activities:
      return listEventItems(database, offset, limit, Date.now());
    case MOBILE_MENU.topics: {
      const [items, total] = await Promise.all([
        listTopics(database, 'special', 0, limit, offset),
        countTopics(database, 'special', 0),
      ]);
      return { items, total };
    }
    case 0:
      return listLatest(database, 0, { offset, limit }, memo);
    default: {
      const catId = await menuCategory(database, menuId);
      if (catId === null) throw new ApiError(ErrorCode.NotFound, MSG.categoryNotFound);
      if (catId === SECTION_ID.activity) return listEventItems(database, offset, limit, Date.now());
      if (catId === SECTION_ID.video) return listVideoItems(database, offset, limit);
      if (catId === SECTION_ID.whitePaper) return listWhitePaperItems(database, offset, limit);
      return listLatest(database, catId, { offset, limit }, memo);
    }
  }
}

/**
 * A mobile home block (mTop): the first items of the menu's list; for the recommended menu the
 * editor's `mtop` pick (blocks kind, home) in its order when there is one.
 */
export async function mobileTop(database: Db, type: number, limit: number): Promise<ListItem[]> {
  if (type === MOBILE_MENU.recommended) {
    const picked = await pickedArticles(database, 'mtop', 0);
    if (picked.length > 0) return picked.slice(0, limit);
  }
  return (await menuFeed(database, type, 1, limit)).items;
}
