import { area, image, link, text, title } from '../collections/fields';
import { EDITED, EDITED_UNSHOWN } from './common';
import { fieldsNamed } from './derive';
import type { EntityField, EntityRecord } from './field';

/**
 * A partner's landing page (spec section 9: /partner/{mark}), keyed by its mark and declared once:
 * its texts, pictures and QR codes (partner_base, all in the `base` column's JSON) and its content
 * items (partner_items rows, one table for the six lists). The contract's PartnerBase and item
 * records, the repositories' columns and row mapping, the table types and the back office's
 * partner fields come from these lists. The page's fields are in the order of partner_base's
 * answer; an item's in the back office's order, each list's call answering a projection of them.
 */

/** The lists of a partner page's items, each served by its own call (partner_new, …). */
const PARTNER_LISTS = [
  { value: 'new', label: '最新动态' },
  { value: 'recommend', label: '推荐' },
  { value: 'video', label: '视频' },
  { value: 'know', label: '知识' },
  { value: 'activity', label: '活动' },
  { value: 'product', label: '产品' },
] as const;
export type PartnerList = (typeof PARTNER_LISTS)[number]['value'];

/** A content item of a partner page: the camelCase names are the spec's, in the calls' answers. */
export const PARTNER_ITEM_FIELDS = [
  {
    name: 'list',
    label: '栏目',
    type: 'select',
    options: PARTNER_LISTS,
    closed: true,
    required: true,
    ...EDITED_UNSHOWN,
  },
  { ...title(), ...EDITED },
  { ...text('sub_title', '副标题', 200), wire: 'subTitle', ...EDITED },
  { ...image('thumb', '图片'), ...EDITED },
  { ...link(), required: true, ...EDITED },
  { ...text('btn_text', '按钮文字', 20), wire: 'btnText', ...EDITED },
] as const satisfies readonly EntityField[];

/**
 * A page's mark, the {mark} of its address: what the back office accepts and the public calls
 * check, one rule (a letter or digit first, then letters, digits, `_` or `-`, at most 40).
 */
export const PARTNER_MARK = /^[A-Za-z0-9][\w-]{0,39}$/;

/** A page's JSON column: the texts, pictures and QR codes (`base`) are keys of it. */
const inBase = <const K extends string>(key: K) => ({ packed: { in: 'base', key } }) as const;

export const PARTNER_FIELDS = [
  {
    name: 'mark',
    label: '页面标识',
    type: 'text',
    required: true,
    max: 40,
    help: '英文字母、数字、下划线或短横线',
    read: ['office'],
    create: ['office'],
  },
  { ...text('slogan', '标题', 100, true), ...inBase('slogan'), ...EDITED },
  { ...text('num', '数字亮点', 100), ...inBase('num'), ...EDITED },
  { ...image('banner', '横幅'), ...inBase('banner'), ...EDITED },
  { ...image('adv', '广告图'), ...inBase('adv'), ...EDITED },
  { ...area('des', '介绍', 2000), ...inBase('des'), ...EDITED },
  {
    name: 'qrocde',
    label: '二维码',
    type: 'list',
    max: 10,
    fields: [image('img', '二维码图片', true), text('name1', '说明一', 50), text('name2', '说明二', 50)],
    ...inBase('qrocde'),
    ...EDITED,
  },
  /** The JSON text of the fields above (the table's column; read through them). */
  { name: 'base', label: '页面内容', type: 'json', read: [] },
  // Rows of partner_items, written and read by the back office's store with the page.
  {
    name: 'items',
    label: '页面内容条目',
    type: 'list',
    max: 200,
    fields: PARTNER_ITEM_FIELDS,
    stored: false,
    ...EDITED_UNSHOWN,
  },
] as const satisfies readonly EntityField[];

/** What each kind of list's call answers of an item, in the spec's order. */
const PARTNER_PRODUCT_FIELDS = fieldsNamed(PARTNER_ITEM_FIELDS, ['thumb', 'title', 'sub_title', 'url']);
const PARTNER_ACTIVITY_FIELDS = fieldsNamed(PARTNER_ITEM_FIELDS, ['thumb', 'title', 'url', 'btn_text']);
const PARTNER_KNOWLEDGE_FIELDS = fieldsNamed(PARTNER_ITEM_FIELDS, ['title', 'sub_title', 'url']);

/** The item fields each list answers: products, recommendations and videos alike. */
export const PARTNER_LIST_FIELDS = {
  new: PARTNER_PRODUCT_FIELDS,
  recommend: PARTNER_PRODUCT_FIELDS,
  video: PARTNER_PRODUCT_FIELDS,
  know: PARTNER_KNOWLEDGE_FIELDS,
  activity: PARTNER_ACTIVITY_FIELDS,
  product: PARTNER_PRODUCT_FIELDS,
} as const satisfies Record<PartnerList, readonly EntityField[]>;

/** A partner page as partner_base answers it. */
export type PartnerBase = EntityRecord<typeof PARTNER_FIELDS, 'public'>;
/** An item of `list` as its call answers it. */
export type PartnerItem<L extends PartnerList> = EntityRecord<(typeof PARTNER_LIST_FIELDS)[L], 'public'>;
/** An item of partner_new, partner_recommend, partner_video and partner_product. */
export type PartnerProduct = PartnerItem<'product'>;
export type PartnerActivity = PartnerItem<'activity'>;
export type PartnerKnowledge = PartnerItem<'know'>;
