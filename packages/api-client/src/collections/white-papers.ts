import { PaperAccess } from '../constants';
import {
  area,
  categoryField,
  categoryFilter,
  EDITORIAL,
  image,
  RESOURCE_LIMITS,
  type FieldOption,
  type ResourceDecl,
  searchFilter,
  title,
} from './fields';

/** A white paper's access, in the values the public calls carry (`PaperAccess`). */
const PAPER_ACCESS_OPTIONS: readonly FieldOption[] = [
  { value: PaperAccess.Free, label: '免费' },
  { value: PaperAccess.Paid, label: '会员' },
];

/** White papers: a PDF, free or for members only. */
export const whitePapers = {
  kind: 'white-papers',
  label: '白皮书',
  idField: 'id',
  fields: [
    title(),
    categoryField(),
    area('description', '简介', 500),
    image('thumb', '封面'),
    {
      name: 'url',
      label: 'PDF 文件',
      type: 'file',
      accept: 'application/pdf',
      max: RESOURCE_LIMITS.url,
      required: true,
    },
    {
      // Stored as the public side reads it (spec: is_free 0 = free), never as a tick box's 1.
      name: 'is_free',
      label: '阅读权限',
      type: 'select',
      options: PAPER_ACCESS_OPTIONS,
      required: true,
      default: PaperAccess.Free,
      help: '免费：访客可阅读和下载 PDF；会员：登录后阅读，文件不公开',
    },
  ],
  columns: ['thumb', 'title', 'cat_id', 'is_free', 'created_at'],
  filters: [
    categoryFilter,
    { name: 'is_free', label: '阅读权限', type: 'select', options: PAPER_ACCESS_OPTIONS },
    searchFilter,
  ],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
