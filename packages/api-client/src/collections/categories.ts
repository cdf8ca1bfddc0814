import { CATEGORY_FIELDS } from '../entities/category';
import { officeFields } from '../entities/office';
import { ADMIN_ONLY, CONTENT_ROLES, type ResourceDecl, searchFilter } from './fields';

/** The categories (entities/category.ts). */
export const categories = {
  kind: 'categories',
  label: '分类',
  idField: 'id',
  fields: officeFields(CATEGORY_FIELDS, [
    'id',
    'parent_id',
    'name',
    'alias',
    'in_nav',
    'seo_title',
    'seo_description',
    'seo_keyword',
    'order',
  ]),
  columns: ['id', 'name', 'alias', 'parent_id', 'in_nav', 'order'],
  filters: [searchFilter],
  searchFields: ['name', 'alias'],
  ordered: true,
  scheduled: false,
  read: CONTENT_ROLES,
  write: ADMIN_ONLY,
} as const satisfies ResourceDecl;
