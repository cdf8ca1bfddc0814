import { categoryField, optionsOf, RESOURCE_LIMITS } from '../collections/fields';
import { EDITED, EDITED_UNSHOWN } from './common';
import type { EntityField } from './field';

/**
 * A home or category block (首页与分类页区块), declared once: an editor-picked article list that
 * replaces the automatic choice (newest articles carrying the flag) of a public call; `cat_id` 0 is
 * the home page, a category id its page. The back office's `blocks` collection, the blocks store,
 * the public calls' read of a pick (repositories/articles.ts) and the `content_blocks` table's
 * columns come from this list.
 */

/** The blocks an editor may pick for, and the public calls each one feeds. */
export const BLOCK_KEYS = {
  news: '最新资讯置顶（get_news）',
  hot: '热门文章（get_right、cate_recommend）',
  recommend: '推荐文章（handle404、cate_recommend）',
  policy: '政策解读（get_policy、cate_recommend）',
  big: '大图头条（get_big、category_top）',
  mtop: '手机首页推荐（mTop）',
} as const;
export type BlockKey = keyof typeof BLOCK_KEYS;
export const BLOCK_OPTIONS = optionsOf(BLOCK_KEYS);

export const BLOCK_FIELDS = [
  // Which block of which page: one pick each (the store refuses a second).
  {
    name: 'block',
    label: '区块',
    type: 'select',
    options: BLOCK_OPTIONS,
    closed: true,
    required: true,
    ...EDITED_UNSHOWN,
  },
  { ...categoryField(), help: '选“无”为首页区块，选分类为该分类页的区块', ...EDITED_UNSHOWN },
  // Visitors get them as the block's list, in this order.
  {
    name: 'articles',
    label: '文章',
    type: 'articles',
    max: RESOURCE_LIMITS.articles,
    help: '按拖动顺序展示；留空则按文章标记自动选取',
    ...EDITED,
  },
] as const satisfies readonly EntityField[];
