import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

/**
 * `app_meta`: small named values every process reads, such as the versions they poll (the public
 * content's, the sensitive-word dictionary's) to learn that another process changed something.
 */

/** The value stored under `key` ('' when there is none). */
export async function readMeta(database: Db, key: string): Promise<string> {
  const row = await database.db
    .selectFrom('app_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? '';
}

/** Stores a new version under `key` (the time and a random part, unique across processes) and returns it. */
export async function bumpMeta(database: Db, key: string): Promise<string> {
  const value = `${Date.now()}:${randomUUID()}`;
  await database.db
    .insertInto('app_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  return value;
}
