import type { Kysely } from 'kysely';

/**
 * Issue 15. Article HTML is sanitised once, when written: `content_sanitizer` is the version of the
 * sanitiser's rules that wrote `content` (lib/sanitize.ts SANITIZER_VERSION); 0, the default, marks
 * rows written before (sanitised again at the next start, see repositories/resanitize.ts). The index on
 * (content_sanitizer, id) finds the rows of another version without reading the table.
 * The flag lists (recommended, hot, …) are paged deep on the mobile menus: their indexes get the id,
 * so PostgreSQL answers a page's ids from the index alone (SQLite's indexes carry the rowid anyway).
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['articles', 'column_articles']) {
    await db.schema
      .alterTable(table)
      .addColumn('content_sanitizer', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex(`${table}_sanitizer`)
      .on(table)
      .columns(['content_sanitizer', 'id'])
      .execute();
  }
  for (const flag of ['is_hot', 'is_pic', 'is_recommend', 'is_policy']) {
    await db.schema.dropIndex(`articles_${flag}`).execute();
    await db.schema
      .createIndex(`articles_${flag}`)
      .on('articles')
      .columns([flag, 'status', 'created_at', 'id'])
      .execute();
  }
}
