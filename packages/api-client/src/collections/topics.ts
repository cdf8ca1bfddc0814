import { officeFields } from '../entities/office';
import { TOPIC_FIELDS } from '../entities/topic';
import { categoryFilter, EDITORIAL, type ResourceDecl, searchFilter } from './fields';

/** Topics (entities/topic.ts): a curated list of articles with its own page, or a link elsewhere. */
export const topics = {
  kind: 'topics',
  label: '专题',
  idField: 'id',
  fields: officeFields(TOPIC_FIELDS, [
    'kind',
    'cat_id',
    'title',
    'description',
    'thumb',
    'url',
    'articles',
    'published',
  ]),
  columns: ['thumb', 'title', 'kind', 'cat_id', 'published', 'created_at'],
  filters: [categoryFilter, searchFilter],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
