import type { Kysely } from 'kysely';

/**
 * Complaints (举报, issue 26): what readers send through complaint_add, with the back office's
 * handling (status pending | done | rejected, a note). `member_id` is the complained article's
 * author when it is a column article (0 otherwise), kept so the queue can disable that member.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  const id = dialect === 'postgres' ? 'serial' : 'integer';
  await db.schema
    .createTable('complaints')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('article_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('member_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    /** 1: a `review` sensitive word was found, a reviewer should read it first. */
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('complaints_status').on('complaints').columns(['status', 'id']).execute();
}
