import { sql, type Kysely } from 'kysely';

/**
 * Issue 11, hole 10:
 * - vendor_register keeps every registration of a phone (history), so (meet_id, mobile) is no
 *   longer unique; readers of "the lead" take the newest row, found by the (meet_id, mobile, id) index.
 * - Expired sessions are pruned: indexes on member_sessions.expires_at and vendor_users.created_at.
 * SQLite cannot drop a table constraint, so vendor_leads is rebuilt there (same columns, rows and ids)
 * in one transaction: Kysely runs SQLite migrations without one, and a stop half-way must not lose leads.
 *
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table vendor_leads drop constraint vendor_leads_meet_mobile`.execute(db);
  } else {
    await db.transaction().execute((trx) => rebuildLeadsWithoutUnique(trx));
  }
  await db.schema
    .createIndex('vendor_leads_meet_mobile_id')
    .on('vendor_leads')
    .columns(['meet_id', 'mobile', 'id'])
    .execute();
  await db.schema.createIndex('member_sessions_expires').on('member_sessions').column('expires_at').execute();
  await db.schema.createIndex('vendor_users_created').on('vendor_users').column('created_at').execute();
}

async function rebuildLeadsWithoutUnique(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vendor_leads_history')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('meet_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('meet_name', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('department', 'text', (c) => c.notNull())
    .addColumn('position', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into vendor_leads_history select id, meet_id, meet_name, name, mobile, email, company,
      department, position, question, created_at, updated_at from vendor_leads`.execute(db);
  await db.schema.dropTable('vendor_leads').execute();
  await db.schema.alterTable('vendor_leads_history').renameTo('vendor_leads').execute();
}
