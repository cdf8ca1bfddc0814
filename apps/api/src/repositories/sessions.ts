import type { Db } from '../db';
import { hashStoken } from '../lib/token';

/** The member of a live session for `stoken`, or null (unknown or expired). */
export async function findMemberSession(database: Db, stoken: string, now: number): Promise<number | null> {
  const row = await database.db
    .selectFrom('member_sessions')
    .select('member_id')
    .where('token_hash', '=', hashStoken(stoken))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? Number(row.member_id) : null;
}

export async function vendorUserExists(database: Db, userId: string): Promise<boolean> {
  const row = await database.db
    .selectFrom('vendor_users')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A member's email ('' when unknown): the default address of report subscriptions. */
export async function memberEmail(database: Db, memberId: number): Promise<string> {
  const row = await database.db
    .selectFrom('members')
    .select('email')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.email ?? '';
}
