import {
  categoryField,
  categoryFilter,
  EDITORIAL,
  RESOURCE_LIMITS,
  optionsOf,
  type ResourceDecl,
} from './fields';

/**
 * Home and category blocks: editor-picked article lists that replace the automatic choice (newest
 * articles carrying the flag) of a public call; `cat_id` 0 is the home page, a category id its page.
 */
export const BLOCK_KEYS = {
  news: '最新资讯置顶（get_news）',
  hot: '热门文章（get_right、cate_recommend）',
  recommend: '推荐文章（handle404、cate_recommend）',
  policy: '政策解读（get_policy、cate_recommend）',
  big: '大图头条（get_big、category_top）',
  mtop: '手机首页推荐（mTop）',
} as const;
export type BlockKey = keyof typeof BLOCK_KEYS;
const BLOCK_OPTIONS = optionsOf(BLOCK_KEYS);

/** The block lists themselves (BLOCK_KEYS), one per block and page. */
export const blocks = {
  kind: 'blocks',
  label: '首页与分类页区块',
  idField: 'id',
  fields: [
    { name: 'block', label: '区块', type: 'select', options: BLOCK_OPTIONS, required: true },
    { ...categoryField(), help: '选“无”为首页区块，选分类为该分类页的区块' },
    {
      name: 'articles',
      label: '文章',
      type: 'articles',
      max: RESOURCE_LIMITS.articles,
      help: '按拖动顺序展示；留空则按文章标记自动选取',
    },
  ],
  columns: ['block', 'cat_id', 'articles'],
  filters: [{ name: 'block', label: '区块', type: 'select', options: BLOCK_OPTIONS }, categoryFilter],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
