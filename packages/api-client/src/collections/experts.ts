import { image, orderField, ORDERED_CONTENT, type ResourceDecl, searchFilter, text } from './fields';

export const experts = {
  kind: 'experts',
  label: '专家',
  idField: 'id',
  fields: [
    text('name', '姓名', 30, true),
    image('avatar', '头像', true),
    text('company', '公司', 100, true),
    text('job', '职务', 100, true),
    orderField,
  ],
  columns: ['avatar', 'name', 'company', 'job', 'order'],
  filters: [searchFilter],
  searchFields: ['name', 'company'],
  ...ORDERED_CONTENT,
} as const satisfies ResourceDecl;
