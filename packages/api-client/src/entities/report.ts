import { area, image, link, RESOURCE_LIMITS, text } from '../collections/fields';
import { TEXT } from '../messages';
import type { Ad } from './ad';
import { EDITED, EDITED_UNSHOWN, ID_FIELD } from './common';
import type { EntityField, EntityRecord } from './field';

/**
 * An issue of the IT weekly report (IT 周刊, spec section 3), declared once. The contract's
 * WeeklyReport, the repository's columns and row mapping and the back office's report fields come
 * from this list. Fields are in the order of the API's answers; the back office's form has its own
 * order (collections/reports.ts).
 */
export const REPORT_FIELDS = [
  ID_FIELD,
  { name: 'number', label: '当年期号', type: 'number', min: 1, max: 60, required: true, ...EDITED },
  // Answered as its day (2026-11-20).
  { name: 'publish_time', label: '发布时间', type: 'datetime', required: true, ...EDITED },
  { name: 'it_number', label: '总期号', type: 'number', min: 1, max: 100_000, required: true, ...EDITED },
  // e.g. "2026年第47周".
  { ...text('week', '周次说明', 50, true), ...EDITED },
  // The editor's recommendation text.
  { ...area('recommend', '本期导读', 2000), ...EDITED },
  { name: 'year', label: '年份', type: 'number', min: 2000, max: 2100, required: true, ...EDITED_UNSHOWN },
  // The issue's ad (WeeklyReport's `adv`, titled by the week), when it has a picture.
  { ...image('adv_thumb', '广告图'), ...EDITED_UNSHOWN },
  { ...link('adv_url', '广告链接', false), ...EDITED_UNSHOWN },
  // The issue's articles, in order: kept in weekly_report_items, not in the report's row.
  {
    name: 'events',
    label: TEXT.issueNews,
    type: 'articles',
    max: RESOURCE_LIMITS.articles,
    ...EDITED_UNSHOWN,
    stored: false,
  },
  {
    name: 'recommends',
    label: TEXT.recommended,
    type: 'articles',
    max: RESOURCE_LIMITS.articles,
    ...EDITED_UNSHOWN,
    stored: false,
  },
] as const satisfies readonly EntityField[];

/** An issue as it_index and it_list answer it, with its ad (an Ad, or null when it has none). */
export type WeeklyReport = EntityRecord<typeof REPORT_FIELDS, 'public'> & { adv: Ad | null };
