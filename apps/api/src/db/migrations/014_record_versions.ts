import type { Kysely } from 'kysely';

/**
 * The version of each record the back office edits (issue 25, DESIGN.md section 10): one row per
 * article or declared resource that has been saved at least once since (absent: version 1). A save
 * that names the version it started from moves it on only if nobody saved in between, in one
 * statement, so two editors can never both win.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('record_versions')
    /** 'article' or a resource kind. */
    .addColumn('entity', 'text', (c) => c.notNull())
    /** The record's id as text (resource keys may be text: partner marks, settings pages). */
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    /** Who saved it last: the editor (null from the CLI) and the name the save was made under. */
    .addColumn('editor_id', 'integer')
    .addColumn('saved_by', 'text', (c) => c.notNull())
    .addColumn('saved_at', big, (c) => c.notNull())
    .addPrimaryKeyConstraint('record_versions_pk', ['entity', 'entity_id'])
    .execute();
}
