import type { Kysely } from 'kysely';

/**
 * The media library (issues 13/14/16): one row per uploaded file, whoever uploaded it (an editor
 * in the back office or a member), with its store key, real type, size, pixel size and variants.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const pg = dialect === 'postgres';
  const big = pg ? 'bigint' : 'integer';
  const serial = pg ? 'serial' : 'integer';

  await db.schema
    .createTable('media')
    .addColumn('id', serial, (c) => c.primaryKey())
    /** FileStore key of the original (uploads/… public, private/… member-only PDFs). */
    .addColumn('key', 'text', (c) => c.notNull().unique())
    /** 'image' | 'video' | 'pdf' */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** The client's file name, for people only (never used as a path). */
    .addColumn('original_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', big, (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    /** JSON array of the other keys written for it (WebP and narrower variants). */
    .addColumn('variants', 'text', (c) => c.notNull().defaultTo('[]'))
    /** `editor:<username>` or `member:<id>`. */
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('created_at', big, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_latest').on('media').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('media_kind_latest')
    .on('media')
    .columns(['kind', 'created_at', 'id'])
    .execute();
}
