import type { Selectable, SelectQueryBuilder } from 'kysely';
import { EventStatus } from '@portal/api-client/constants';
import type { EventItem, ListItem } from '@portal/api-client/contract';
import { columnsFor, fromRow } from '@portal/api-client/entities/derive';
import { EVENT_FIELDS } from '@portal/api-client/entities/event';
import type { Db } from '../db';
import { contains } from '../db/like';
import type { DB } from '../db/schema';
import { formatDate, formatTime } from '../lib/time';
import { newestFirst, paged } from './paging';

/** An event as entities/event.ts declares it, and its dates (its status and the time shown). */
const EVENT_COLUMNS = [...columnsFor(EVENT_FIELDS, 'public'), 'start_at', 'end_at'] as const;
type EventRow = Pick<Selectable<DB['events']>, (typeof EVENT_COLUMNS)[number]>;

/** status: upcoming, in progress or ended by the event's dates at `now`. */
function toEvent(row: EventRow, now: number): EventItem {
  const start = Number(row.start_at);
  const end = Number(row.end_at);
  const startDay = formatDate(start);
  const endDay = formatDate(end);
  return fromRow(EVENT_FIELDS, 'public', row, {
    status: now < start ? EventStatus.Upcoming : now <= end ? EventStatus.InProgress : EventStatus.Ended,
    showTime: startDay === endDay ? startDay : `${startDay} 至 ${endDay}`,
  });
}

function eventToListItem(row: EventRow, now: number): ListItem {
  const e = toEvent(row, now);
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    url: e.url,
    thumb: e.thumb,
    keyword: '',
    created_at: formatTime(row.start_at),
  };
}

export interface EventFilter {
  city?: string;
  year?: number;
  month?: number;
  title?: string;
}

const newestEvents = (q: SelectQueryBuilder<DB, 'events', object>) =>
  newestFirst(q.select(EVENT_COLUMNS), 'start_at');

/**
 * Events newest first. Year/month use events_date; city and title are substring filters on the
 * (small) events table.
 */
export async function listEvents(
  database: Db,
  filter: EventFilter,
  offset: number,
  limit: number,
  now: number,
): Promise<{ items: EventItem[]; total: number }> {
  const base = () => {
    let q = database.db.selectFrom('events');
    if (filter.year) q = q.where('year', '=', filter.year);
    if (filter.month) q = q.where('month', '=', filter.month);
    if (filter.city) q = q.where('city', '=', filter.city);
    if (filter.title) q = q.where(contains('title', filter.title));
    return q;
  };
  const { rows, total } = await paged(base(), newestEvents, { offset, limit });
  return { items: rows.map((r) => toEvent(r, now)), total };
}

/** Newest events as list items (mobile activities menu, home right column). */
export async function listEventItems(
  database: Db,
  offset: number,
  limit: number,
  now: number,
): Promise<{ items: ListItem[]; total: number }> {
  const { rows, total } = await paged(database.db.selectFrom('events'), newestEvents, { offset, limit });
  return { items: rows.map((r) => eventToListItem(r, now)), total };
}
