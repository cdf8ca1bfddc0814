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

/** How long a vendor landing login (user_id) lasts (issue 11: sessions expire). */
export const VENDOR_SESSION_TTL_MS = 30 * 24 * 3600_000;

/** True for a user_id issued by vendor_login less than VENDOR_SESSION_TTL_MS ago. */
export async function vendorUserExists(database: Db, userId: string, now: number): Promise<boolean> {
  const row = await database.db
    .selectFrom('vendor_users')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('created_at', '>', now - VENDOR_SESSION_TTL_MS)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes expired sessions: member stokens past expires_at and vendor user_ids older than
 * VENDOR_SESSION_TTL_MS (their access logs stay). Returns how many rows of each went.
 */
export async function pruneSessions(
  database: Db,
  now: number,
): Promise<{ members: number; vendors: number }> {
  const members = await database.db
    .deleteFrom('member_sessions')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  const vendors = await database.db
    .deleteFrom('vendor_users')
    .where('created_at', '<=', now - VENDOR_SESSION_TTL_MS)
    .executeTakeFirst();
  return { members: Number(members.numDeletedRows), vendors: Number(vendors.numDeletedRows) };
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
