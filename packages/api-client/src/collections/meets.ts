import { EDITORIAL, RESOURCE_LIMITS, type ResourceDecl, searchFilter, title } from './fields';
import { LANDING_PAGE_LABEL } from '../constants';
import { TEXT } from '../messages';

export const meets = {
  kind: 'meets',
  label: LANDING_PAGE_LABEL.vendor,
  idField: 'id',
  fields: [
    {
      name: 'id',
      label: TEXT.activityId,
      type: 'number',
      min: 0,
      max: 100_000_000,
      required: true,
      createOnly: true,
      help: '0 为 /vendor，1 为 /vendor2025',
    },
    title('名称'),
    { name: 'data', label: '页面内容（JSON）', type: 'json', max: RESOURCE_LIMITS.json, required: true },
  ],
  columns: ['id', 'title'],
  filters: [searchFilter],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
