import type { SelectQueryBuilder } from 'kysely';
import type { EventItem, ListItem } from '@portal/api-client/contract';
import type { Db } from '../db';
import { contains } from '../db/like';
import { EVENT_COLUMNS, eventToListItem, toEvent } from './mappers';
import type { DB } from '../db/schema';
import { paged } from './paging';

export interface EventFilter {
  city?: string;
  year?: number;
  month?: number;
  title?: string;
}

const newestEvents = (q: SelectQueryBuilder<DB, 'events', object>) =>
  q.select(EVENT_COLUMNS).orderBy('start_at', 'desc').orderBy('id', 'desc');

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
