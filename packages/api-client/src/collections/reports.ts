import { officeFields } from '../entities/office';
import { REPORT_FIELDS } from '../entities/report';
import { EDITORIAL, type ResourceDecl } from './fields';

/** The IT weekly report's issues (entities/report.ts). */
export const reports = {
  kind: 'reports',
  label: 'IT 周刊',
  idField: 'id',
  fields: officeFields(REPORT_FIELDS, [
    'year',
    'number',
    'it_number',
    'week',
    'publish_time',
    'recommend',
    'adv_thumb',
    'adv_url',
    'events',
    'recommends',
  ]),
  columns: ['it_number', 'year', 'number', 'week', 'publish_time'],
  filters: [{ name: 'year', label: '年份', type: 'search' }],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
