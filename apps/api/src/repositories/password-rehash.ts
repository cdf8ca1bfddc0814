import type { Db } from '../db';

/**
 * Stores a stronger hash of the same password (a login found the old one below the current scrypt
 * parameters), for a member or an editor. Only while the row still holds `oldHash`, so a password
 * set meanwhile wins; the sessions stay, since the password itself did not change.
 */
export async function rehashPassword(
  database: Db,
  table: 'members' | 'editors',
  id: number,
  oldHash: string,
  newHash: string,
  now: number,
): Promise<void> {
  await database.db
    .updateTable(table)
    .set({ password_hash: newHash, updated_at: now })
    .where('id', '=', id)
    .where('password_hash', '=', oldHash)
    .execute();
}
