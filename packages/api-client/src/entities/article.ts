import { flagField, image } from '../collections/fields';
import { TEXT, tooLongMsg } from '../messages';
import { CREATED_FIELD, EDITED, EDITED_UNSHOWN, ID_FIELD, SHOWN } from './common';
import type { EntityField, EntityRecord, OfficeForm } from './field';

/**
 * An article (资讯, spec section 3), declared once: the newsroom writes it in the back office,
 * every visitor reads it. The contract's ListItem and ArticleDetail, the back office's article form
 * (its rules and its record, admin.ts), the articles repositories' columns and row mapping and the
 * `articles` table type (apps/api db/schema.ts) all come from these lists. Fields are in the order
 * of the public answers; the back office's form has its own (ARTICLE_FORM_ORDER).
 */

/** A flag the newsroom sets on an article (placement in the site's lists): 0/1 in its column. */
const flag = <const N extends string>(name: N, label: string) =>
  ({
    ...flagField(name, label),
    ...EDITED_UNSHOWN,
    messages: { invalid: `${label}标记必须是 true 或 false` },
  }) as const;

/** The fields of an article in every list of the site (ListItem): the head of ARTICLE_FIELDS. */
export const ARTICLE_ITEM_FIELDS = [
  { ...ID_FIELD, read: ['public', 'office'] },
  {
    name: 'title',
    label: '标题',
    type: 'text',
    required: true,
    max: 80,
    ...EDITED,
    messages: { required: '请输入标题', tooLong: tooLongMsg('标题', 80) },
  },
  { name: 'description', label: '摘要', type: 'textarea', max: 500, default: '', ...EDITED },
  // In-product path ("/news/12"): worked out from the id and the category.
  { name: 'url', label: '链接', type: 'text', stored: false, ...SHOWN },
  { ...image('thumb', '缩略图地址'), default: '', ...EDITED },
  // Comma-separated keywords; the back office calls them `keywords`.
  {
    name: 'keyword',
    label: '关键词',
    type: 'text',
    max: 200,
    default: '',
    ...EDITED,
    office: { name: 'keywords' },
  },
  CREATED_FIELD,
] as const satisfies readonly EntityField[];

/** An article as its page (article_content) and the back office read it. */
export const ARTICLE_FIELDS = [
  ...ARTICLE_ITEM_FIELDS,
  // The last edit; rows written before the newsroom (003) have none.
  { name: 'updated_at', label: TEXT.updatedAt, type: 'datetime', nullable: true, ...SHOWN },
  { name: 'author', label: '作者', type: 'text', max: 50, default: '', ...EDITED },
  // The editor a page names (display name of the account in admin_name), worked out on read.
  { name: 'adminName', label: '责任编辑', type: 'text', stored: false, ...SHOWN },
  {
    name: 'source_name',
    label: '来源',
    type: 'text',
    max: 50,
    default: '',
    ...EDITED,
    office: { name: 'source' },
  },
  // Sanitised HTML (the stored text is served as it is, DESIGN.md section 5).
  {
    name: 'content',
    label: '正文',
    type: 'richtext',
    required: true,
    max: 2 * 1024 * 1024,
    ...EDITED,
    messages: { required: '请输入正文', tooLong: '正文过长' },
  },
  // The back office picks the category by its route alias (its form's `category`).
  { name: 'cat_id', label: '分类', type: 'number', read: ['public', 'office'] },
  { name: 'cat_name', label: '分类名称', type: 'text', stored: false, ...SHOWN },
  // The category's route alias ("AI"), '' when it has no page.
  { name: 'cat_alias', label: '分类别名', type: 'text', stored: false, ...SHOWN },
  { name: 'pv', label: '浏览量', type: 'number', default: 0, ...SHOWN },
  flag('is_hot', '热门'),
  flag('is_recommend', '推荐'),
  flag('is_policy', '政策'),
  flag('is_pic', '图片头条'),
] as const satisfies readonly EntityField[];

/** The back office's article form, in its order (after the title comes the category, admin.ts). */
export const ARTICLE_FORM_ORDER = [
  'title',
  'content',
  'description',
  'keyword',
  'author',
  'source_name',
  'thumb',
  'is_hot',
  'is_recommend',
  'is_policy',
  'is_pic',
] as const satisfies readonly (typeof ARTICLE_FIELDS)[number]['name'][];

/** An article in a list of the site; `keys` are a search result's highlight terms. */
export type ListItem = EntityRecord<typeof ARTICLE_ITEM_FIELDS, 'public'> & { keys?: string[] };

/** The fields of an article's page, without its neighbours and SEO (contract.ts adds them). */
export type ArticleRecord = EntityRecord<typeof ARTICLE_FIELDS, 'public'>;

/** What the back office writes of an article, as its form sends it (without the category). */
export type ArticleForm = OfficeForm<typeof ARTICLE_FIELDS, 'update'>;
