import { categoryField, image, link, orderField, type FieldOption, title } from '../collections/fields';
import { EDITED, EDITED_UNSHOWN, SCHEDULE_FIELDS } from './common';
import type { EntityField, EntityRecord } from './field';

export const BANNER_PLACES: readonly FieldOption[] = [
  { value: 'home', label: '首页轮播（桌面）' },
  { value: 'mobile', label: '首页轮播（手机）' },
  { value: 'side', label: '首页轮播右侧' },
  { value: 'category', label: '分类页横幅' },
];

/**
 * A carousel or banner picture (spec section 3, "Banner item"), by place (and category page), in
 * drag order, shown in its window, declared once. The contract's Banner, the repository's columns
 * and row mapping and the back office's banner fields come from this list. Fields are in the order
 * of the API's answers; the back office's form has its own order (collections/banners.ts).
 */
export const BANNER_FIELDS = [
  { ...image('banner', '图片', true), ...EDITED },
  { ...title(), ...EDITED },
  { ...link(), ...EDITED },
  {
    name: 'place',
    label: '位置',
    type: 'select',
    options: BANNER_PLACES,
    required: true,
    default: 'home',
    ...EDITED_UNSHOWN,
  },
  { ...categoryField(), ...EDITED_UNSHOWN },
  ...SCHEDULE_FIELDS,
  // Stored as `sort` (the back office's store maps it).
  { ...orderField, ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];

/** A banner as get_loop and category_top answer it. */
export type Banner = EntityRecord<typeof BANNER_FIELDS, 'public'>;
