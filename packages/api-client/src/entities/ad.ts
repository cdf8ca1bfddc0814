import { image, link, RESOURCE_LIMITS, type FieldOption, text } from '../collections/fields';
import { AD_SLOTS } from '../constants';
import { EDITED, SCHEDULE_FIELDS } from './common';
import type { EntityField, EntityRecord } from './field';

const AD_SLOT_LABELS = ['广告位 1（首页通栏）', '广告位 2', '广告位 3', '广告位 4', '广告位 5'];
export const AD_SLOT_OPTIONS: readonly FieldOption[] = AD_SLOTS.map((_, i) => ({
  value: i + 1,
  label: AD_SLOT_LABELS[i] ?? `广告位 ${i + 1}`,
}));

/**
 * An ad (spec section 3): one of the fixed slots, one picture and link each, shown in its window,
 * declared once. The contract's Ad, the repository's columns and row mapping and the back office's
 * ad fields come from this list. Fields are in the order of the API's answers; the back office's
 * form has its own order (collections/ads.ts).
 */
export const AD_FIELDS = [
  { ...link(), ...EDITED },
  { ...image('thumb', '图片', true), ...EDITED },
  { ...text('title', '替代文字', RESOURCE_LIMITS.title, true), ...EDITED },
  {
    // The record's key: chosen when the ad is made, never changed (get_adv names the slots).
    name: 'slot',
    label: '广告位',
    type: 'select',
    options: AD_SLOT_OPTIONS,
    required: true,
    read: ['office'],
    create: ['office'],
  },
  ...SCHEDULE_FIELDS,
] as const satisfies readonly EntityField[];

/** An ad slot's picture as get_adv answers it (the weekly report's ad has the same shape). */
export type Ad = EntityRecord<typeof AD_FIELDS, 'public'>;
