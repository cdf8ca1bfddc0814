import type { Kysely } from 'kysely';

/**
 * The client address of each audit record (issue 23 item 9): failed and throttled back-office
 * logins have no editor to name, so the address is what tells who tried. Older rows keep ''.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('audit_log')
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
