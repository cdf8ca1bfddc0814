import type { Kysely } from 'kysely';

/**
 * The vendor access log records which asset was opened (its address), not only the meet. Older rows: ''.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('vendor_access_logs')
    .addColumn('asset', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
