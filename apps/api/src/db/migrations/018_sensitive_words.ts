import type { Kysely } from 'kysely';

/**
 * Sensitive-word moderation (issue 26): the dictionary (`normalized` is the word as the matcher
 * sees it, unique: 測試 and 测试 are one word) and the hits found in members' and visitors' texts.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('sensitive_words')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('normalized', 'text', (c) => c.notNull().unique())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('replacement', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sensitive_hits')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('created_at', big, (c) => c.notNull())
    /** member:<id>, visitor:<address>, editor:<username>. */
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    /** The record written ('' when the write was refused). */
    .addColumn('record_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('matched', 'text', (c) => c.notNull())
    .addColumn('context', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sensitive_hits_created').on('sensitive_hits').column('created_at').execute();
  await db.schema
    .createIndex('sensitive_hits_record')
    .on('sensitive_hits')
    .columns(['source', 'record_id'])
    .execute();
}
