import { COMPLAINT_FIELDS } from '../entities/complaint';
import { fieldNamed } from '../entities/derive';
import { officeFields } from '../entities/office';
import { dateFilter, searchFilter, selectFilter, type ResourceDecl } from './fields';

/** Complaints (举报, issue 26; entities/complaint.ts): what readers sent through complaint_add, a queue to handle. */
export const complaints = {
  kind: 'complaints',
  label: '举报',
  idField: 'id',
  fields: officeFields(COMPLAINT_FIELDS, [
    'created_at',
    'reason',
    'url',
    'article_id',
    'member_id',
    'description',
    'contact',
    'held',
    'status',
    'note',
  ]),
  columns: ['created_at', 'reason', 'url', 'description', 'status', 'note'],
  filters: [
    searchFilter,
    selectFilter(fieldNamed(COMPLAINT_FIELDS, 'status')),
    selectFilter(fieldNamed(COMPLAINT_FIELDS, 'reason')),
    dateFilter,
  ],
  searchFields: ['url', 'description', 'contact', 'note'],
  ordered: false,
  scheduled: false,
  read: ['admin', 'reviewer'],
  write: ['admin', 'reviewer'],
  // Complaints come from readers only; a handled one is kept (its state says what happened).
  create: false,
  remove: false,
} as const satisfies ResourceDecl;
