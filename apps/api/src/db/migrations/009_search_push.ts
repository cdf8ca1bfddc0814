import type { Kysely } from 'kysely';

/**
 * The search engine push queue (issue 16): one row per article whose URLs are still to be sent to
 * the configured push provider, written in the transaction that publishes or changes the article,
 * and deleted once the provider took them. A failed push stays, with its attempts and the time of
 * the next one.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('search_push_queue')
    .addColumn('article_id', 'integer', (c) => c.primaryKey())
    .addColumn('queued_at', big, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Epoch ms before which no process takes it (retry backoff, or a sender's claim). */
    .addColumn('next_at', big, (c) => c.notNull())
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('search_push_queue_due')
    .on('search_push_queue')
    .columns(['next_at', 'article_id'])
    .execute();
}
