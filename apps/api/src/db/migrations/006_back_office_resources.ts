import type { Kysely } from 'kysely';

/**
 * The back office's resources (issue 14): start and end times of banners and ad slots, the home
 * and category blocks picked by editors, the articles of a topic, the jobs of /recruit (until now
 * written into the desktop app), and the form labels stored with each activity submission (so a
 * form changed after submissions still exports old answers under their own labels).
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  const serial = pg ? 'serial' : 'integer';

  for (const table of ['banners', 'ads']) {
    await db.schema.alterTable(table).addColumn('start_at', big).execute();
    await db.schema.alterTable(table).addColumn('end_at', big).execute();
  }

  await db.schema
    .createTable('content_blocks')
    .addColumn('id', serial, (c) => c.primaryKey())
    /** BlockKey of @portal/api-client/admin-resources. */
    .addColumn('block', 'text', (c) => c.notNull())
    .addColumn('cat_id', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON array of article ids, in order. */
    .addColumn('articles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('content_blocks_key')
    .unique()
    .on('content_blocks')
    .columns(['block', 'cat_id'])
    .execute();

  await db.schema
    .alterTable('topics')
    .addColumn('articles', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('count', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON arrays of lines. */
    .addColumn('duties', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('requirements', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('form_submissions')
    /** JSON FormField[]: the form as it was when the answers were given (labels, option titles). */
    .addColumn('labels', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
