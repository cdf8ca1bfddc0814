import { area, image, link, text, TIME_LABEL, title } from '../collections/fields';
import { EventType } from '../constants';
import { EDITED, EDITED_UNSHOWN, ID_FIELD, SHOWN } from './common';
import type { EntityField, EntityRecord } from './field';

/**
 * An event (活动, spec section 3), declared once. The contract's EventItem, the events
 * repository's columns and row mapping and the back office's event fields come from this list.
 * Fields are in the order of the API's answers; the back office's form has its own order
 * (collections/events.ts). The status and the time shown are worked out from the dates.
 */
export const EVENT_FIELDS = [
  ID_FIELD,
  { ...title(), ...EDITED },
  { ...area('description', '简介', 500), ...EDITED },
  { ...image('thumb', '封面'), ...EDITED },
  { ...link('url', '报名链接或表单页'), ...EDITED },
  {
    name: 'type',
    label: '形式',
    type: 'select',
    options: [
      { value: EventType.Online, label: '线上直播' },
      { value: EventType.Offline, label: '线下活动' },
    ],
    open: true,
    default: EventType.Offline,
    ...EDITED,
  },
  // EventStatus: upcoming, in progress or ended at the time of the call.
  { name: 'status', label: '状态', type: 'number', ...SHOWN, stored: false },
  // The day, or the first and last days (2026-05-01 至 2026-05-03).
  { name: 'showTime', label: '活动时间', type: 'text', ...SHOWN, stored: false },
  { ...text('city', '城市', 20), ...EDITED },
  { name: 'start_at', label: TIME_LABEL.start_at, type: 'datetime', required: true, ...EDITED_UNSHOWN },
  { name: 'end_at', label: TIME_LABEL.end_at, type: 'datetime', required: true, ...EDITED_UNSHOWN },
] as const satisfies readonly EntityField[];

/** An event as meet_index and get_activity answer it. */
export type EventItem = EntityRecord<typeof EVENT_FIELDS, 'public'>;
