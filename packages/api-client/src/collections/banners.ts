import { BANNER_FIELDS, BANNER_PLACES } from '../entities/banner';
import { officeFields } from '../entities/office';
import { categoryFilter, CONTENT_ROLES, type ResourceDecl, searchFilter } from './fields';

/**
 * Carousel and banner pictures (entities/banner.ts), by place (and category page), in drag order,
 * shown in their window.
 */
export const banners = {
  kind: 'banners',
  label: '轮播图',
  idField: 'id',
  fields: officeFields(BANNER_FIELDS, [
    'place',
    'cat_id',
    'title',
    'banner',
    'url',
    'start_at',
    'end_at',
    'order',
  ]),
  columns: ['banner', 'title', 'place', 'cat_id', 'start_at', 'end_at', 'order'],
  filters: [
    { name: 'place', label: '位置', type: 'select', options: BANNER_PLACES },
    categoryFilter,
    searchFilter,
  ],
  searchFields: ['title'],
  ordered: true,
  scheduled: true,
  read: CONTENT_ROLES,
  write: CONTENT_ROLES,
} as const satisfies ResourceDecl;
