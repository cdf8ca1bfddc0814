import { image, orderField, text } from '../collections/fields';
import { EDITED, EDITED_UNSHOWN, ID_FIELD } from './common';
import type { EntityField, EntityRecord } from './field';

/**
 * An expert of the category pages' panel (get_expert), declared once. The contract's Expert, the
 * site repository's columns and row mapping and the back office's expert fields come from this
 * list. Fields are in the order of the API's answers; the back office's form has its own order
 * (collections/experts.ts).
 */
export const EXPERT_FIELDS = [
  ID_FIELD,
  { ...image('avatar', '头像', true), ...EDITED },
  { ...text('name', '姓名', 30, true), ...EDITED },
  { ...text('company', '公司', 100, true), ...EDITED },
  { ...text('job', '职务', 100, true), ...EDITED },
  // Stored as `sort` (the back office's store maps it).
  { ...orderField, ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];

/** An expert as get_expert answers it. */
export type Expert = EntityRecord<typeof EXPERT_FIELDS, 'public'>;
