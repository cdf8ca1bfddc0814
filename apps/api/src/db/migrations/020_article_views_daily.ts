import type { Kysely } from 'kysely';

/**
 * Reader statistics (issue 25 section 2): views per article, Asia/Shanghai day, device class and
 * source class. The page-view batch adds to these rows in the same transaction as `articles.pv`
 * (one upsert-increment per row); housekeeping drops days older than STATS_RETENTION_DAYS. Nothing
 * about the reader is stored: no address, no cookie, no referrer, only the two classes.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('article_views_daily')
    .addColumn('article_id', 'integer', (c) => c.notNull())
    /** YYYY-MM-DD in Asia/Shanghai: sorts and compares as text on both databases. */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('views', big, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('article_views_daily_pk', ['article_id', 'day', 'device', 'source'])
    .execute();
  // The dashboard and the range list read by day first (and the pruning deletes by day).
  await db.schema
    .createIndex('article_views_daily_day')
    .on('article_views_daily')
    .columns(['day', 'article_id'])
    .execute();
}
