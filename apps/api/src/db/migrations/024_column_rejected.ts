import { sql, type Kysely } from 'kysely';

/**
 * Issue 24. The back office's 专栏状态 select offered 未通过 as 3, while the spec's rejected
 * application is negative (ColumnStatus.Rejected, -1; the review queue always wrote -1): a member
 * set to 3 saw no message and could not apply again (3 read as neither rejected nor open). The
 * select now offers the spec's values (entities/column.ts); the 3s it wrote become rejections.
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update members set column_status = -1 where column_status = 3`.execute(db);
}
