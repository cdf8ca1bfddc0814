import {
  categoryField,
  categoryFilter,
  CONTENT_ROLES,
  image,
  link,
  orderField,
  type FieldOption,
  type ResourceDecl,
  schedule,
  searchFilter,
  title,
} from './fields';

export const BANNER_PLACES: readonly FieldOption[] = [
  { value: 'home', label: '首页轮播（桌面）' },
  { value: 'mobile', label: '首页轮播（手机）' },
  { value: 'side', label: '首页轮播右侧' },
  { value: 'category', label: '分类页横幅' },
];

/** Carousel and banner pictures, by place (and category page), in drag order, shown in their window. */
export const banners = {
  kind: 'banners',
  label: '轮播图',
  idField: 'id',
  fields: [
    {
      name: 'place',
      label: '位置',
      type: 'select',
      options: BANNER_PLACES,
      required: true,
      default: 'home',
    },
    categoryField(),
    title(),
    image('banner', '图片', true),
    link(),
    ...schedule,
    orderField,
  ],
  columns: ['banner', 'title', 'place', 'cat_id', 'start_at', 'end_at', 'order'],
  filters: [
    { name: 'place', label: '位置', type: 'select', options: BANNER_PLACES },
    categoryFilter,
    searchFilter,
  ],
  searchFields: ['title'],
  ordered: true,
  scheduled: true,
  read: CONTENT_ROLES,
  write: CONTENT_ROLES,
} as const satisfies ResourceDecl;
