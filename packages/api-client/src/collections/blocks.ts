import { BLOCK_FIELDS, BLOCK_OPTIONS } from '../entities/block';
import { officeFields } from '../entities/office';
import { categoryFilter, EDITORIAL, type ResourceDecl } from './fields';

/** The block lists themselves (entities/block.ts), one per block and page. */
export const blocks = {
  kind: 'blocks',
  label: '首页与分类页区块',
  idField: 'id',
  fields: officeFields(BLOCK_FIELDS),
  columns: ['block', 'cat_id', 'articles'],
  filters: [{ name: 'block', label: '区块', type: 'select', options: BLOCK_OPTIONS }, categoryFilter],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
