import type { Kysely } from 'kysely';

/**
 * Issue 25 part 3: an article can be taken offline at a set time (`unpublish_at`, read by the
 * scheduler like `publish_at`), and who has a record open in the back office right now
 * (`editing_presence`, one row per editor and record, kept fresh by the page's heartbeat).
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema.alterTable('articles').addColumn('unpublish_at', big).execute();
  await db.schema.createIndex('articles_unpublish_due').on('articles').column('unpublish_at').execute();
  await db.schema
    .createTable('editing_presence')
    /** 'article' or a resource kind, and the record's id as text. */
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('editor_id', 'integer', (c) => c.notNull())
    .addColumn('seen_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('editing_presence_pk', ['entity', 'entity_id', 'editor_id'])
    .execute();
}
