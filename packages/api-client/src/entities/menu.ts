import { orderField, text } from '../collections/fields';
import { EDITED, EDITED_UNSHOWN, editorsId } from './common';
import type { EntityField, EntityRecord } from './field';

/** The two menus: the header's drop-down (dropMenu) and the mobile site's category menu (smallMenu). */
const MENU_KINDS = [
  { value: 'drop', label: '导航下拉菜单（dropMenu）' },
  { value: 'small', label: '手机栏目菜单（smallMenu）' },
] as const;

/**
 * A menu entry (dropMenu, smallMenu), declared once. The contract's Menu, the site repository's
 * columns and row mapping, db/schema's menus and the back office's menu fields come from this list.
 * Fields are in the order of the API's answers, then the back office's.
 */
export const MENU_FIELDS = [
  // The id is the editors' own (a drop-down entry's id is the category list it opens).
  editorsId('menu_id', '菜单编号'),
  { ...text('name', '名称', 30, true), ...EDITED },
  {
    name: 'kind',
    label: '菜单',
    type: 'select',
    options: MENU_KINDS,
    closed: true,
    required: true,
    ...EDITED_UNSHOWN,
  },
  // Read by the server (where an entry leads), not answered.
  {
    name: 'cat_id',
    label: '对应分类编号',
    type: 'number',
    min: 0,
    max: 1_000_000,
    default: 0,
    ...EDITED_UNSHOWN,
  },
  // Stored as `sort` (the back office's store maps it).
  { ...orderField, ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];

/** A menu entry as dropMenu and smallMenu answer it. */
export type Menu = EntityRecord<typeof MENU_FIELDS, 'public'>;
