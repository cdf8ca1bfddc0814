import type { Kysely } from 'kysely';

/**
 * The newsroom (issue 13): editor accounts and their sessions, the audit log, article revisions,
 * and the publication fields of articles (status 0 draft, 1 published, 2 scheduled, 3 unpublished).
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  const serial = pg ? 'serial' : 'integer';

  await db.schema
    .createTable('editors')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
    /** 'admin' | 'editor' | 'reviewer' */
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', big, (c) => c.notNull())
    .addColumn('updated_at', big, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('editor_sessions')
    /** sha256 of the cookie value; the value itself is never stored. */
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('editor_id', 'integer', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', big, (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('editor_sessions_editor').on('editor_sessions').column('editor_id').execute();
  await db.schema.createIndex('editor_sessions_seen').on('editor_sessions').column('last_seen_at').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('editor_id', 'integer')
    /** Kept as written, so the log still names an editor whose account changed. */
    .addColumn('editor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_latest').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_editor').on('audit_log').columns(['editor', 'created_at']).execute();

  await db.schema
    .createTable('article_revisions')
    .addColumn('id', serial, (c) => c.primaryKey())
    .addColumn('article_id', 'integer', (c) => c.notNull())
    .addColumn('editor', 'text', (c) => c.notNull())
    /** JSON of the article form (ArticleInput). */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('article_revisions_article')
    .on('article_revisions')
    .columns(['article_id', 'id'])
    .execute();

  await db.schema.alterTable('articles').addColumn('publish_at', big).execute();
  await db.schema.alterTable('articles').addColumn('updated_at', big).execute();
  // The scheduler's query: scheduled articles that are due.
  await db.schema.createIndex('articles_schedule').on('articles').columns(['status', 'publish_at']).execute();
}
