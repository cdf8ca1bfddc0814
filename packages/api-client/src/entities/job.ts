import { area, flagField, orderField, RESOURCE_LIMITS, text, title } from '../collections/fields';
import { EDITED, EDITED_UNSHOWN, ID_FIELD } from './common';
import type { EntityField, EntityRecord } from './field';

/**
 * An open position of /recruit (get_jobs), declared once. The contract's Job, the site
 * repository's columns and row mapping and the back office's job fields come from this list. Fields
 * are in the order of the API's answers; the back office's form has its own order (collections/jobs.ts).
 */
export const JOB_FIELDS = [
  ID_FIELD,
  { ...title('职位名称', 50), ...EDITED },
  { ...text('city', '工作地点', 20, true), ...EDITED },
  // The headcount as the card shows it (text: “若干”, “2-3人”).
  { ...text('count', '招聘人数', 20, true), ...EDITED },
  { ...area('summary', '职位概述', 500, true), ...EDITED },
  { name: 'duties', label: '岗位职责', type: 'lines', max: RESOURCE_LIMITS.lines, required: true, ...EDITED },
  {
    name: 'requirements',
    label: '任职要求',
    type: 'lines',
    max: RESOURCE_LIMITS.lines,
    required: true,
    ...EDITED,
  },
  // Only a published position is served.
  { ...flagField('enabled', '发布', true), ...EDITED_UNSHOWN },
  // Stored as `sort` (the back office's store maps it).
  { ...orderField, ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];

/** An open position as get_jobs answers it. */
export type Job = EntityRecord<typeof JOB_FIELDS, 'public'>;
