import type { Kysely } from 'kysely';
import { enableTermsSearch } from '../search-index';

/**
 * PostgreSQL search from a GIN index over `terms` in place of 011's RUM index (issue 15: RUM sorted
 * a common term's every match per page at a million articles), and the newest-first index a page
 * of a common term walks. Nothing to do on SQLite (FTS5 orders by rowid already).
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') await enableTermsSearch(db);
}
