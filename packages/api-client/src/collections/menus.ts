import { ADMIN_ONLY, CONTENT_ROLES, orderField, type ResourceDecl, text } from './fields';

export const menus = {
  kind: 'menus',
  label: '菜单',
  idField: 'menu_id',
  fields: [
    {
      name: 'menu_id',
      label: '菜单编号',
      type: 'number',
      min: 1,
      max: 1_000_000,
      required: true,
      createOnly: true,
    },
    text('name', '名称', 30, true),
    {
      name: 'kind',
      label: '菜单',
      type: 'select',
      options: [
        { value: 'drop', label: '导航下拉菜单（dropMenu）' },
        { value: 'small', label: '手机栏目菜单（smallMenu）' },
      ],
      required: true,
    },
    { name: 'cat_id', label: '对应分类编号', type: 'number', min: 0, max: 1_000_000, default: 0 },
    orderField,
  ],
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
