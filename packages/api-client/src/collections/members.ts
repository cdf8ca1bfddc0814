import { PERMISSIONS } from '../admin';
import { COLUMN_FIELDS } from '../entities/column';
import { fieldNamed } from '../entities/derive';
import { MEMBER_FIELDS } from '../entities/member';
import { officeColumns, officeFields } from '../entities/office';
import { ADMIN_ONLY, flagField, type ResourceDecl, searchFilter, selectFilter } from './fields';

/** Registered members: read only but for disabling the account and the column's state. */
export const members = {
  kind: 'members',
  label: '会员',
  idField: 'id',
  // The profile the back office reads is the member's own declaration (entities/member.ts).
  fields: [
    ...officeFields(MEMBER_FIELDS),
    { name: 'created_at', label: '注册时间', type: 'datetime', readOnly: true },
    flagField('disabled', '停用账号（立即退出登录）'),
    // The column's status and the editors' reason are entities/column.ts.
    ...officeFields(COLUMN_FIELDS),
  ],
  columns: [...officeColumns(MEMBER_FIELDS), ...officeColumns(COLUMN_FIELDS), 'disabled', 'created_at'],
  filters: [
    // A phone number is found only when typed in full (issue 23: digits would unmask it).
    { ...searchFilter, label: '搜索（手机号需输入完整 11 位）' },
    selectFilter(fieldNamed(COLUMN_FIELDS, 'column_status')),
  ],
  searchFields: ['username', 'email', 'company'],
  ordered: false,
  scheduled: false,
  // People's data: the roles that may see leads and subscribers.
  read: PERMISSIONS.leads,
  write: ADMIN_ONLY,
  create: false,
  remove: false,
} as const satisfies ResourceDecl;
