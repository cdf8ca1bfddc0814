import { PERMISSIONS } from '../admin';
import { MEMBER_FIELDS } from '../entities/member';
import { officeColumns, officeFields } from '../entities/office';
import { ADMIN_ONLY, flagField, type FieldOption, type ResourceDecl, searchFilter } from './fields';

export const COLUMN_STATUS_OPTIONS: readonly FieldOption[] = [
  { value: 0, label: '未申请' },
  { value: 1, label: '审核中' },
  { value: 2, label: '已开通' },
  { value: 3, label: '未通过' },
];

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
    {
      name: 'column_status',
      label: '专栏状态',
      type: 'select',
      options: COLUMN_STATUS_OPTIONS,
      default: 0,
    },
  ],
  columns: [...officeColumns(MEMBER_FIELDS), 'column_status', 'disabled', 'created_at'],
  filters: [
    // A phone number is found only when typed in full (issue 23: digits would unmask it).
    { ...searchFilter, label: '搜索（手机号需输入完整 11 位）' },
    { name: 'column_status', label: '专栏状态', type: 'select', options: COLUMN_STATUS_OPTIONS },
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
