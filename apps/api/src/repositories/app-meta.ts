import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

/**
 * Versions kept in `app_meta`: a value that changes with every write of what it stands for (the
 * public content, the sensitive-word dictionary), so each process tells by reading it whether
 * what it holds is stale.
 */

/** The version under `key` ('' before its first write). */
export async function readVersion(database: Db, key: string): Promise<string> {
  const row = await database.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? '';
}

/** Writes a new version under `key` (in the caller's transaction when `database` is one), returns it. */
export async function bumpVersion(database: Db, key: string): Promise<string> {
  const value = `${Date.now()}:${randomUUID()}`;
  await database.db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return value;
}
