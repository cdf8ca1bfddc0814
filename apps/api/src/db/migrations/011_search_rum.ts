import type { Kysely } from 'kysely';
import { enableRumSearch } from '../search-index';

/**
 * PostgreSQL search from a RUM index (issue 15): positions-free terms ordered by date inside the
 * index, so a search page reads no more index entries than it shows and no rows to check them.
 * Skipped without the rum extension (Debian's postgresql-15-rum); the GIN index of 001 stays
 * either way, as the fallback. Nothing to do on SQLite (FTS5 orders by rowid already).
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') await enableRumSearch(db);
}
