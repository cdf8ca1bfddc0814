import { sql } from 'kysely';
import type { EventItem, ListItem } from '@portal/api-client/contract';
import type { Db } from '../db';
import { EVENT_COLUMNS, eventToListItem, toEvent } from './mappers';

export interface EventFilter {
  city?: string;
  year?: number;
  month?: number;
  title?: string;
}

/** Escape LIKE wildcards so a title filter matches literally. */
const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
    // ESCAPE is spelled out: SQLite has no default LIKE escape character.
    if (filter.title) q = q.where(sql<boolean>`title like ${likeLiteral(filter.title)} escape '\\'`);
    return q;
  };
  const [rows, n] = await Promise.all([
    base()
      .select(EVENT_COLUMNS)
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => toEvent(r, now)), total: Number(n.n) };
}

/** Newest events as list items (mobile activities menu, home right column). */
export async function listEventItems(
  database: Db,
  offset: number,
  limit: number,
  now: number,
): Promise<{ items: ListItem[]; total: number }> {
  const [rows, n] = await Promise.all([
    database.db
      .selectFrom('events')
      .select(EVENT_COLUMNS)
      .orderBy('start_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map((r) => eventToListItem(r, now)), total: Number(n.n) };
}
