import { EXPERT_FIELDS } from '../entities/expert';
import { officeFields } from '../entities/office';
import { ORDERED_CONTENT, type ResourceDecl, searchFilter } from './fields';

/** Experts of the category pages' panel (entities/expert.ts). */
export const experts = {
  kind: 'experts',
  label: '专家',
  idField: 'id',
  fields: officeFields(EXPERT_FIELDS, ['name', 'avatar', 'company', 'job', 'order']),
  columns: ['avatar', 'name', 'company', 'job', 'order'],
  filters: [searchFilter],
  searchFields: ['name', 'company'],
  ...ORDERED_CONTENT,
} as const satisfies ResourceDecl;
