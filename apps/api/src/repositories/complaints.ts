import type { ComplaintReason } from '@portal/api-client/constants';
import type { Db } from '../db';
import { tableStore } from './resources/store';

/** A reader's complaint as complaint_add stores it (texts already validated and screened). */
export interface NewComplaint {
  url: string;
  article_id: number;
  reason: ComplaintReason;
  description: string;
  contact: string;
  held: boolean;
}

/**
 * Files a complaint, pending. The article's member author (a column article) is kept with it, so
 * the queue can disable that member without looking it up; an unknown article id is kept as given
 * (the page may have been taken down since), with no author.
 */
export async function addComplaint(database: Db, c: NewComplaint, now: number): Promise<number> {
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
      created_at: now,
      url: c.url,
      article_id: c.article_id,
      member_id: Number(author?.member_id ?? 0),
      reason: c.reason,
      description: c.description,
      contact: c.contact,
      held: c.held ? 1 : 0,
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
