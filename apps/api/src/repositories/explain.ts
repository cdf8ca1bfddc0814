import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from '../db';

/**
 * The query plan of a Kysely query, one line per step: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's
 * EXPLAIN with sequential scans disabled for the statement, so a small test table still shows
 * whether an index *can* answer the query (the planner would pick a seq scan on a tiny table).
 * `settings` (PostgreSQL) are further `set local` statements the caller runs its queries under.
 */
export async function explainPlan(
  database: Db,
  query: Compilable,
  settings: string[] = [],
): Promise<string[]> {
  const compiled = query.compile();
  if (database.dialect === 'sqlite') {
    const res = await database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return res.rows.map((r) => r.detail);
  }
  return database.db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    for (const setting of settings) await trx.executeQuery(CompiledQuery.raw(`set local ${setting}`));
    const res = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return res.rows.map((r) => r['QUERY PLAN']);
  });
}
