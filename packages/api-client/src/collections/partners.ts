import {
  area,
  EDITORIAL,
  image,
  link,
  type FieldOption,
  type ResourceDecl,
  searchFilter,
  text,
  title,
} from './fields';
import { LANDING_PAGE_LABEL } from '../constants';

const PARTNER_LISTS: readonly FieldOption[] = [
  { value: 'new', label: '最新动态' },
  { value: 'recommend', label: '推荐' },
  { value: 'video', label: '视频' },
  { value: 'know', label: '知识' },
  { value: 'activity', label: '活动' },
  { value: 'product', label: '产品' },
];

/** A partner's page, keyed by its mark: slogan, pictures, QR codes and its content items by list. */
export const partners = {
  kind: 'partners',
  label: LANDING_PAGE_LABEL.partner,
  idField: 'mark',
  textId: true,
  fields: [
    {
      name: 'mark',
      label: '页面标识',
      type: 'text',
      required: true,
      max: 40,
      createOnly: true,
      help: '英文字母、数字、下划线或短横线',
    },
    text('slogan', '标题', 100, true),
    text('num', '数字亮点', 100),
    image('banner', '横幅'),
    image('adv', '广告图'),
    area('des', '介绍', 2000),
    {
      name: 'qrocde',
      label: '二维码',
      type: 'list',
      max: 10,
      fields: [image('img', '二维码图片', true), text('name1', '说明一', 50), text('name2', '说明二', 50)],
    },
    {
      name: 'items',
      label: '页面内容条目',
      type: 'list',
      max: 200,
      fields: [
        { name: 'list', label: '栏目', type: 'select', options: PARTNER_LISTS, required: true },
        title(),
        text('sub_title', '副标题', 200),
        image('thumb', '图片'),
        link(),
        text('btn_text', '按钮文字', 20),
      ],
    },
  ],
  columns: ['mark', 'slogan'],
  filters: [searchFilter],
  searchFields: ['mark'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
