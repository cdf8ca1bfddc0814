import {
  area,
  EDITORIAL,
  image,
  link,
  type ResourceDecl,
  searchFilter,
  text,
  TIME_LABEL,
  title,
} from './fields';

export const events = {
  kind: 'events',
  label: '活动',
  idField: 'id',
  fields: [
    title(),
    text('city', '城市', 20),
    {
      name: 'type',
      label: '形式',
      type: 'select',
      options: [
        { value: 1, label: '线下活动' },
        { value: 2, label: '线上直播' },
      ],
      default: 1,
    },
    { name: 'start_at', label: TIME_LABEL.start_at, type: 'datetime', required: true },
    { name: 'end_at', label: TIME_LABEL.end_at, type: 'datetime', required: true },
    link('url', '报名链接或表单页'),
    image('thumb', '封面'),
    area('description', '简介', 500),
  ],
  columns: ['thumb', 'title', 'city', 'start_at', 'end_at'],
  filters: [
    { name: 'city', label: '城市', type: 'search' },
    { name: 'start_at', label: '日期', type: 'date' },
    searchFilter,
  ],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
