import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import type { Dialect } from './database';

/** Tables with a serial id on PostgreSQL. */
const SERIAL_TABLES = [
  'banners',
  'links',
  'qrcodes',
  'articles',
  'topics',
  'videos',
  'white_papers',
  'events',
  'weekly_reports',
  'experts',
  'members',
  'column_articles',
  'partner_items',
] as const;

/**
 * After rows were inserted with explicit ids (seed, test fixtures), move each PostgreSQL sequence
 * past the highest id so later inserts do not collide. SQLite's rowid needs nothing.
 */
export async function syncSerialSequences(db: Kysely<DB>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of SERIAL_TABLES) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(
      db,
    );
  }
}
