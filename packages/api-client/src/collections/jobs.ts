import {
  area,
  flagField,
  orderField,
  ORDERED_CONTENT,
  RESOURCE_LIMITS,
  type ResourceDecl,
  searchFilter,
  text,
  title,
} from './fields';

export const jobs = {
  kind: 'jobs',
  label: '招聘职位',
  idField: 'id',
  fields: [
    title('职位名称', 50),
    text('city', '工作地点', 20, true),
    text('count', '招聘人数', 20, true),
    area('summary', '职位概述', 500, true),
    { name: 'duties', label: '岗位职责', type: 'lines', max: RESOURCE_LIMITS.lines, required: true },
    { name: 'requirements', label: '任职要求', type: 'lines', max: RESOURCE_LIMITS.lines, required: true },
    flagField('enabled', '发布', true),
    orderField,
  ],
  columns: ['title', 'city', 'count', 'enabled', 'order'],
  filters: [searchFilter],
  searchFields: ['title'],
  ...ORDERED_CONTENT,
} as const satisfies ResourceDecl;
