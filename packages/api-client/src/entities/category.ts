import { area, flagField, orderField, text } from '../collections/fields';
import { EDITED, EDITED_UNSHOWN, editorsId } from './common';
import type { EntityField, EntityRecord } from './field';

/**
 * A category (get_category's tree: the header tabs and the category pages), declared once. The
 * contract's CategoryEntry, the site repository's columns and row mapping, db/schema's categories
 * and the back office's category fields come from this list. Fields are in the order of the API's
 * answers; the back office's form has its own order (collections/categories.ts).
 */
export const CATEGORY_FIELDS = [
  // The id is the editors' own (the spec's category ids: 694 人工智能 …).
  editorsId('id', '分类编号'),
  { ...text('name', '名称', 30, true), ...EDITED },
  // Answered as the route alias ("AI"; an empty one: the spec's alias of the id) or, for a
  // drop-down menu entry, an absolute path ("/video").
  { ...text('alias', '路由别名', 30), help: '分类页地址中的英文名，如 AI', ...EDITED },
  // The tree and the header's tabs are built from these; the category page reads its SEO texts.
  {
    name: 'parent_id',
    label: '上级分类编号',
    type: 'number',
    min: 0,
    max: 1_000_000,
    default: 0,
    ...EDITED_UNSHOWN,
  },
  { ...flagField('in_nav', '显示在导航'), ...EDITED_UNSHOWN },
  { ...text('seo_title', 'SEO 标题', 100), ...EDITED_UNSHOWN },
  { ...area('seo_description', 'SEO 描述', 300), ...EDITED_UNSHOWN },
  { ...text('seo_keyword', 'SEO 关键词', 200), ...EDITED_UNSHOWN },
  // Stored as `sort` (the back office's store maps it).
  { ...orderField, ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];

/** A category as get_category answers it, with its child categories (`son`, built by the repository). */
export interface CategoryEntry extends EntityRecord<typeof CATEGORY_FIELDS, 'public'> {
  son: CategoryEntry[];
}
