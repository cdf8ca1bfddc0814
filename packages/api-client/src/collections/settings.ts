import { officeFields } from '../entities/office';
import { SETTING_FIELDS, SETTING_GROUP_OPTIONS, settingKeyProblem } from '../entities/setting';
import { ADMIN_ONLY, CONTENT_ROLES, type ResourceDecl, searchFilter } from './fields';

/** Site settings (entities/setting.ts): one kind over the SEO, footer and related-site tables. */
export const settings = {
  kind: 'settings',
  label: '站点设置',
  idField: 'key',
  textId: true,
  fields: officeFields(SETTING_FIELDS),
  columns: ['key', 'title', 'description', 'keyword'],
  filters: [{ name: 'group', label: '分组', type: 'select', options: SETTING_GROUP_OPTIONS }, searchFilter],
  searchFields: ['key', 'title'],
  ordered: false,
  scheduled: false,
  read: CONTENT_ROLES,
  write: ADMIN_ONLY,
  check: settingKeyProblem,
} as const satisfies ResourceDecl;
