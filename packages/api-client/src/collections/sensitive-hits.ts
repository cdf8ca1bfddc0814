import { fieldNamed } from '../entities/derive';
import { officeFields } from '../entities/office';
import { SENSITIVE_HIT_FIELDS } from '../entities/sensitive-hit';
import { dateFilter, searchFilter, selectFilter, type ResourceDecl } from './fields';

/** Where the sensitive-word dictionary matched (issue 26; entities/sensitive-hit.ts): read only. */
const filterOf = (name: 'source' | 'action' | 'level') =>
  selectFilter(fieldNamed(SENSITIVE_HIT_FIELDS, name));

export const sensitiveHits = {
  kind: 'sensitive-hits',
  label: '敏感词命中记录',
  idField: 'id',
  fields: officeFields(SENSITIVE_HIT_FIELDS),
  columns: ['created_at', 'source', 'actor', 'record_id', 'field', 'word', 'matched', 'level', 'action'],
  filters: [searchFilter, filterOf('source'), filterOf('action'), filterOf('level'), dateFilter],
  searchFields: ['word', 'matched', 'actor', 'record_id'],
  ordered: false,
  scheduled: false,
  read: ['admin', 'reviewer'],
  write: [],
  create: false,
  update: false,
  remove: false,
} as const satisfies ResourceDecl;
