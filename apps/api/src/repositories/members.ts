import type { Member, MemberRegisterPayload } from '@portal/api-client/contract';
import type { Db } from '../db';
import { hashStoken } from '../lib/token';
import { writeTx } from './write-tx';

/** Member accounts and their login sessions. All member SQL lives here. */

const PUBLIC_COLUMNS = [
  'id',
  'username',
  'mobile',
  'email',
  'company',
  'industry',
  'position',
  'department',
  'province',
  'city',
  'address',
  'company_people',
  'status',
  'avatar',
] as const;

function toMember(row: Record<(typeof PUBLIC_COLUMNS)[number], string | number>): Member {
  return {
    id: Number(row.id),
    username: String(row.username),
    mobile: String(row.mobile),
    email: String(row.email),
    company: String(row.company),
    industry: Number(row.industry),
    position: Number(row.position),
    department: Number(row.department),
    province: String(row.province),
    city: String(row.city),
    address: String(row.address),
    company_people: String(row.company_people),
    status: Number(row.status),
    avatar: String(row.avatar),
  };
}

export async function findMember(database: Db, id: number): Promise<Member | null> {
  const row = await database.db
    .selectFrom('members')
    .select(PUBLIC_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toMember(row) : null;
}

/** Login lookup: the id and password hash of a username (exact match). */
export async function findCredentials(
  database: Db,
  username: string,
): Promise<{ id: number; username: string; avatar: string; password_hash: string; status: number } | null> {
  const row = await database.db
    .selectFrom('members')
    .select(['id', 'username', 'avatar', 'password_hash', 'status'])
    .where('username', '=', username)
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        username: row.username,
        avatar: String(row.avatar),
        password_hash: row.password_hash,
        status: Number(row.status),
      }
    : null;
}

export async function findIdByMobile(database: Db, mobile: string): Promise<number | null> {
  const row = await database.db
    .selectFrom('members')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** A registration as stored: the payload with its password replaced by the hash. */
export type NewMember = Omit<MemberRegisterPayload, 'password'> & { password_hash: string };

export type CreateResult = { ok: true; id: number } | { ok: false; taken: 'username' | 'mobile' };

/** Inserts a member unless the username or mobile is taken (checked and inserted in one write transaction). */
export async function createMember(database: Db, member: NewMember, now: number): Promise<CreateResult> {
  try {
    return await writeTx(database, async (trx): Promise<CreateResult> => {
      const taken = await trx
        .selectFrom('members')
        .select(['username', 'mobile'])
        .where((eb) => eb.or([eb('username', '=', member.username), eb('mobile', '=', member.mobile)]))
        .execute();
      if (taken.some((r) => r.username === member.username)) return { ok: false, taken: 'username' };
      if (taken.length > 0) return { ok: false, taken: 'mobile' };
      const row = await trx
        .insertInto('members')
        .values({ ...member, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ok: true, id: Number(row.id) };
    });
  } catch (err) {
    // A concurrent registration on PostgreSQL can still hit the unique index between check and insert.
    if (isUniqueViolation(err)) {
      const msg = String((err as Error).message);
      return { ok: false, taken: msg.includes('mobile') ? 'mobile' : 'username' };
    }
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}

export interface ProfileChanges {
  email: string;
  company: string;
  industry: number;
  position: number;
  department: number;
  province: string;
  city: string;
  address: string;
  company_people: string;
  avatar?: string;
}

export async function updateProfile(
  database: Db,
  id: number,
  changes: ProfileChanges,
  now: number,
): Promise<Member | null> {
  await database.db
    .updateTable('members')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .execute();
  return findMember(database, id);
}

/** Sets a new password hash and ends every session of the member (a reset logs out everywhere). */
export async function setPassword(
  database: Db,
  id: number,
  passwordHash: string,
  now: number,
): Promise<void> {
  await writeTx(database, async (trx) => {
    await trx
      .updateTable('members')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('member_sessions').where('member_id', '=', id).execute();
  });
}

// ---------- sessions ----------

export async function createSession(
  database: Db,
  memberId: number,
  stoken: string,
  now: number,
  ttlMs: number,
): Promise<void> {
  await database.db
    .insertInto('member_sessions')
    .values({ token_hash: hashStoken(stoken), member_id: memberId, created_at: now, expires_at: now + ttlMs })
    .execute();
  // Expired rows of this member go now, so the table never grows with stale sessions.
  await database.db
    .deleteFrom('member_sessions')
    .where('member_id', '=', memberId)
    .where('expires_at', '<=', now)
    .execute();
}

export async function deleteSession(database: Db, stoken: string): Promise<void> {
  await database.db.deleteFrom('member_sessions').where('token_hash', '=', hashStoken(stoken)).execute();
}
