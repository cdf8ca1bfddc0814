import { AUDIT_ENTRY_FIELDS } from '../entities/audit-entry';
import { fieldNamed } from '../entities/derive';
import { officeFields } from '../entities/office';
import { ADMIN_ONLY, dateFilter, type FilterDecl, type ResourceDecl } from './fields';

const exactFilter = (name: 'editor' | 'action'): FilterDecl => ({
  name,
  label: fieldNamed(AUDIT_ENTRY_FIELDS, name).label,
  type: 'search',
});

/** The audit log (entities/audit-entry.ts): read only, written by the server with each change. */
export const auditLog = {
  kind: 'audit-log',
  label: '操作日志',
  idField: 'id',
  fields: officeFields(AUDIT_ENTRY_FIELDS),
  columns: ['createdAt', 'editor', 'action', 'entity', 'entityId', 'detail', 'ip'],
  // Exact matches (the store's), named as the fields are.
  filters: [exactFilter('editor'), exactFilter('action'), dateFilter],
  ordered: false,
  scheduled: false,
  read: ADMIN_ONLY,
  write: [],
  create: false,
  update: false,
  remove: false,
} as const satisfies ResourceDecl;
