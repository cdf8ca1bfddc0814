import { EDITOR_ROLES, ROLE_LABEL } from '../admin';
import { ADMIN_ONLY, flagField, type ResourceDecl, searchFilter, text } from './fields';
import { TEXT } from '../messages';

/** Back-office accounts: an administrator creates them, sets their role and disables them (never removes). */
export const editors = {
  kind: 'editors',
  label: '编辑账号',
  idField: 'id',
  fields: [
    {
      name: 'username',
      label: '用户名',
      type: 'text',
      required: true,
      max: 50,
      createOnly: true,
    },
    text('display_name', TEXT.displayName, 50),
    {
      name: 'role',
      label: '角色',
      type: 'select',
      options: EDITOR_ROLES.map((r) => ({ value: r, label: ROLE_LABEL[r] })),
      required: true,
      default: 'editor',
    },
    {
      name: 'password',
      label: '密码',
      type: 'password',
      max: 200,
      help: '新建时必填，至少 8 位；修改时留空则不变',
    },
    flagField('disabled', '停用（立即退出登录）'),
  ],
  columns: ['username', 'display_name', 'role', 'disabled'],
  filters: [searchFilter],
  searchFields: ['username', 'display_name'],
  ordered: false,
  scheduled: false,
  read: ADMIN_ONLY,
  write: ADMIN_ONLY,
  remove: false,
} as const satisfies ResourceDecl;
