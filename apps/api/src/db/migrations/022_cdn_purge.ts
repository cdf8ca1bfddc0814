import type { Kysely } from 'kysely';

/**
 * The CDN purge queue (issue 27): one row per surrogate key still to be purged at the CDN
 * (`article-12`, `site`), written when a change is announced and deleted once the provider took
 * it; a failed purge stays, with its attempts and the time of the next one (the search push's
 * queue shape: repositories/due-queue.ts serves both).
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('cdn_purge_queue')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('queued_at', big, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Epoch ms before which no process takes it (retry backoff, or a sender's claim). */
    .addColumn('next_at', big, (c) => c.notNull())
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('cdn_purge_queue_due')
    .on('cdn_purge_queue')
    .columns(['next_at', 'key'])
    .execute();
}
