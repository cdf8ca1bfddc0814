import { officeFields } from '../entities/office';
import { fieldNamed } from '../entities/derive';
import { WHITE_PAPER_FIELDS } from '../entities/white-paper';
import { categoryFilter, EDITORIAL, type ResourceDecl, searchFilter } from './fields';

const access = fieldNamed(WHITE_PAPER_FIELDS, 'is_free');

/** White papers (entities/white-paper.ts): a PDF, free or for members only. */
export const whitePapers = {
  kind: 'white-papers',
  label: '白皮书',
  idField: 'id',
  fields: officeFields(WHITE_PAPER_FIELDS, ['title', 'cat_id', 'description', 'thumb', 'url', 'is_free']),
  columns: ['thumb', 'title', 'cat_id', 'is_free', 'created_at'],
  filters: [
    categoryFilter,
    { name: 'is_free', label: access.label, type: 'select', options: access.options },
    searchFilter,
  ],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
