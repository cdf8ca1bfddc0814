import type { Db } from '../db';

/**
 * The rows of `pnpm --filter api bench:newsletter` (src/bench/newsletter.ts): one published weekly
 * issue and `count` subscribers, written in batches of 1,000. Returns the id.
 */
export async function seedNewsletterBench(database: Db, count: number): Promise<number> {
  const report = await database.db
    .insertInto('weekly_reports')
    .values({ year: 2026, number: 1, it_number: 1, week: 'bench', publish_time: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < count; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - i) }, (_, j) => ({
      member_id: i + j + 1,
      email: `reader${i + j + 1}@example.com`,
      created_at: 0,
    }));
    await database.db.insertInto('newsletter_subscribers').values(rows).execute();
  }
  return Number(report.id);
}
