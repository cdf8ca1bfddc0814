import { sql, type Kysely } from 'kysely';

/**
 * Issue 23 item 1. The back office declared `is_free` as a 免费下载 tick box and stored 1 when it was
 * ticked, while the public side reads 0 as free: a paper saved as free became members-only and one
 * made paid was listed as free with its file's URL. The field now stores the public meaning.
 *
 * A paper created through the back office is told apart by its audit entry (every back-office write
 * commits with one; the seed and imports write none), and its stored value is always its tick box's
 * state (the form showed the stored value as the box and saved the box), so it is inverted here.
 * A seeded paper that was only edited there is left as it is: the old form showed it inverted and
 * saved what it showed, so an untouched save kept the right value, and a deliberate change of the
 * box cannot be told apart from it (the audit entry names no field). README: "White paper access".
 * The names are the ones written at the time (kind `white-papers`, actions `create`).
 * @public Kysely's Migrator runs it (db/index.ts hands it the module).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update white_papers
    set is_free = case when is_free = 0 then 1 else 0 end
    where is_free in (0, 1)
      and exists (
        select 1 from audit_log
        where audit_log.entity = 'white-papers'
          and audit_log.action = 'create'
          and audit_log.entity_id = cast(white_papers.id as text)
      )
  `.execute(db);
}
