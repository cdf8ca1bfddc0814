import type { Kysely } from 'kysely';

/**
 * What each site has left of the search engine's daily push quota (Baidu answers `remain` with
 * every push): one row per site, the day (Asia/Shanghai, when Baidu's quota resets) and the last
 * remain answered that day. The push stops for the day at 0; a row of an earlier day means nothing.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  await db.schema
    .createTable('search_push_quota')
    .addColumn('site', 'text', (c) => c.primaryKey())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('remain', 'integer', (c) => c.notNull())
    .addColumn('checked_at', big, (c) => c.notNull())
    .execute();
}
