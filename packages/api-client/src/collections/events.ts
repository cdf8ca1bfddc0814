import { EVENT_FIELDS } from '../entities/event';
import { officeFields } from '../entities/office';
import { EDITORIAL, type ResourceDecl, searchFilter } from './fields';

/** Events (entities/event.ts). */
export const events = {
  kind: 'events',
  label: '活动',
  idField: 'id',
  fields: officeFields(EVENT_FIELDS, [
    'title',
    'city',
    'type',
    'start_at',
    'end_at',
    'url',
    'thumb',
    'description',
  ]),
  columns: ['thumb', 'title', 'city', 'start_at', 'end_at'],
  filters: [
    { name: 'city', label: '城市', type: 'search' },
    { name: 'start_at', label: '日期', type: 'date' },
    searchFilter,
  ],
  searchFields: ['title'],
  ...EDITORIAL,
} as const satisfies ResourceDecl;
