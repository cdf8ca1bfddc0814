import { JOB_FIELDS } from '../entities/job';
import { officeFields } from '../entities/office';
import { ORDERED_CONTENT, type ResourceDecl, searchFilter } from './fields';

/** The open positions of /recruit (entities/job.ts). */
export const jobs = {
  kind: 'jobs',
  label: '招聘职位',
  idField: 'id',
  fields: officeFields(JOB_FIELDS),
  columns: ['title', 'city', 'count', 'enabled', 'order'],
  filters: [searchFilter],
  searchFields: ['title'],
  ...ORDERED_CONTENT,
} as const satisfies ResourceDecl;
