import { MENU_FIELDS } from '../entities/menu';
import { officeFields } from '../entities/office';
import { ADMIN_ONLY, CONTENT_ROLES, type ResourceDecl } from './fields';

/** The menus' entries (entities/menu.ts). */
export const menus = {
  kind: 'menus',
  label: '菜单',
  idField: 'menu_id',
  fields: officeFields(MENU_FIELDS),
  columns: ['menu_id', 'name', 'kind', 'cat_id', 'order'],
  filters: [
    {
      name: 'kind',
      label: '菜单',
      type: 'select',
      options: [
        { value: 'drop', label: '导航下拉菜单' },
        { value: 'small', label: '手机栏目菜单' },
      ],
    },
  ],
  ordered: true,
  scheduled: false,
  read: CONTENT_ROLES,
  write: ADMIN_ONLY,
} as const satisfies ResourceDecl;
