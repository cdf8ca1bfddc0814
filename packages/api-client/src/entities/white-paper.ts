import { area, categoryField, image, RESOURCE_LIMITS, title } from '../collections/fields';
import { PaperAccess } from '../constants';
import { CREATED_FIELD, EDITED, EDITED_UNSHOWN, ID_FIELD } from './common';
import type { EntityField, EntityRecord } from './field';

/**
 * A white paper (spec section 3): a PDF, free or for members only, declared once. The contract's
 * WhitePaper, the repository's columns and row mapping and the back office's fields come from this
 * list. Fields are in the order of the API's answers; the back office's form has its own order
 * (collections/white-papers.ts).
 */
export const WHITE_PAPER_FIELDS = [
  ID_FIELD,
  {
    // Stored as the public side reads it (spec: is_free 0 = free), never as a tick box's 1; any
    // other stored value is a members' paper (isPaidPaper).
    name: 'is_free',
    label: '阅读权限',
    type: 'select',
    options: [
      { value: PaperAccess.Free, label: '免费' },
      { value: PaperAccess.Paid, label: '会员' },
    ],
    open: true,
    required: true,
    default: PaperAccess.Free,
    ...EDITED,
    office: { help: '免费：访客可阅读和下载 PDF；会员：登录后阅读，文件不公开' },
  },
  { ...title(), ...EDITED },
  { ...area('description', '简介', 500), ...EDITED },
  { ...image('thumb', '封面'), ...EDITED },
  {
    // A paid paper's stored path is never published: the API answers its viewer's address instead.
    name: 'url',
    label: 'PDF 文件',
    type: 'file',
    accept: 'application/pdf',
    max: RESOURCE_LIMITS.url,
    required: true,
    ...EDITED,
  },
  CREATED_FIELD,
  { ...categoryField(), ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];

/** A white paper as doc_ls_fronted and doc_detail answer it. */
export type WhitePaper = EntityRecord<typeof WHITE_PAPER_FIELDS, 'public'>;
