import type { Kysely } from 'kysely';

/** Indexes for the "all, newest first" lists that 001 left to a sort (videos, white papers by category, weekly reports). */
/** @public Kysely's Migrator runs it (db/index.ts hands it the module). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('videos_all_latest').on('videos').column('created_at').execute();
  await db.schema
    .createIndex('white_papers_cat_latest')
    .on('white_papers')
    .columns(['cat_id', 'created_at'])
    .execute();
  await db.schema.createIndex('weekly_reports_latest').on('weekly_reports').column('publish_time').execute();
}
