import type { Kysely } from 'kysely';

/**
 * Topic pages (issue 14): a topic is shown (on its page /topic/{id} and in every topic list) only
 * while published, so an editor can prepare one before readers see it. Existing topics stay shown.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('topics')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
