import { EDITOR_FIELDS } from '../entities/editor';
import { officeFields } from '../entities/office';
import { ADMIN_ONLY, type ResourceDecl, searchFilter } from './fields';

/**
 * Back-office accounts (entities/editor.ts): an administrator creates them, sets their role and
 * disables them (never removes).
 */
export const editors = {
  kind: 'editors',
  label: '编辑账号',
  idField: 'id',
  fields: officeFields(EDITOR_FIELDS),
  columns: ['username', 'display_name', 'role', 'disabled'],
  filters: [searchFilter],
  searchFields: ['username', 'display_name'],
  ordered: false,
  scheduled: false,
  read: ADMIN_ONLY,
  write: ADMIN_ONLY,
  remove: false,
} as const satisfies ResourceDecl;
