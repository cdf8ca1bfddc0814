import { area, EDITORIAL, image, link, RESOURCE_LIMITS, type ResourceDecl, text } from './fields';
import { TEXT } from '../messages';

export const reports = {
  kind: 'reports',
  label: 'IT 周刊',
  idField: 'id',
  fields: [
    { name: 'year', label: '年份', type: 'number', min: 2000, max: 2100, required: true },
    { name: 'number', label: '当年期号', type: 'number', min: 1, max: 60, required: true },
    { name: 'it_number', label: '总期号', type: 'number', min: 1, max: 100_000, required: true },
    text('week', '周次说明', 50, true),
    { name: 'publish_time', label: '发布时间', type: 'datetime', required: true },
    area('recommend', '本期导读', 2000),
    image('adv_thumb', '广告图'),
    link('adv_url', '广告链接', false),
    { name: 'events', label: TEXT.issueNews, type: 'articles', max: RESOURCE_LIMITS.articles },
    { name: 'recommends', label: TEXT.recommended, type: 'articles', max: RESOURCE_LIMITS.articles },
  ],
  columns: ['it_number', 'year', 'number', 'week', 'publish_time'],
  filters: [{ name: 'year', label: '年份', type: 'search' }],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
