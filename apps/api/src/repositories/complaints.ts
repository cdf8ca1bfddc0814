import type { ComplaintValues } from '@portal/api-client/entities/complaint';
import type { Db } from '../db';
import { tableStore } from './resources/store';

/**
 * A reader's complaint as complaint_add files it (entities/complaint.ts: its payload validated,
 * its texts screened), and whether a `review` sensitive word holds it for a reviewer.
 */
export type NewComplaint = ComplaintValues & { held: boolean };

/**
 * Files a complaint, pending. The article's member author (a column article) is kept with it, so
 * the queue can disable that member without looking it up; an unknown article id is kept as given
 * (the page may have been taken down since), with no author.
 */
export async function addComplaint(database: Db, c: NewComplaint, now: number): Promise<number> {
  // What the reader sent is stored as it is, a column each (the entity's `create` fields).
  const { held, ...sent } = c;
  const author =
    c.article_id > 0
      ? await database.db
          .selectFrom('articles')
          .select('member_id')
          .where('id', '=', c.article_id)
          .executeTakeFirst()
      : undefined;
  const row = await database.db
    .insertInto('complaints')
    .values({
      ...sent,
      created_at: now,
      member_id: Number(author?.member_id ?? 0),
      held: held ? 1 : 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The back office's `complaints` kind: the queue, newest first; only status and note are written. */
export const complaintsStore = tableStore({
  kind: 'complaints',
  table: 'complaints',
  id: { column: 'id', generated: true },
  // The date filter (`from`) reads the filing time.
  columns: { from: 'created_at' },
});
