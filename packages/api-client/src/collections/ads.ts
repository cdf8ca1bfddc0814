import { AD_SLOTS } from '../constants';
import {
  CONTENT_ROLES,
  image,
  link,
  RESOURCE_LIMITS,
  type FieldOption,
  type ResourceDecl,
  schedule,
  text,
} from './fields';

const AD_SLOT_LABELS = ['广告位 1（首页通栏）', '广告位 2', '广告位 3', '广告位 4', '广告位 5'];
export const AD_SLOT_OPTIONS: readonly FieldOption[] = AD_SLOTS.map((_, i) => ({
  value: i + 1,
  label: AD_SLOT_LABELS[i] ?? `广告位 ${i + 1}`,
}));

/** The spec's fixed ad slots: one picture and link per slot, keyed by the slot. */
export const ads = {
  kind: 'ads',
  label: '广告位',
  idField: 'slot',
  fields: [
    {
      name: 'slot',
      label: '广告位',
      type: 'select',
      options: AD_SLOT_OPTIONS,
      required: true,
      createOnly: true,
    },
    image('thumb', '图片', true),
    link(),
    text('title', '替代文字', RESOURCE_LIMITS.title, true),
    ...schedule,
  ],
  columns: ['slot', 'thumb', 'title', 'url', 'start_at', 'end_at'],
  filters: [],
  ordered: false,
  scheduled: true,
  read: CONTENT_ROLES,
  write: CONTENT_ROLES,
} as const satisfies ResourceDecl;
