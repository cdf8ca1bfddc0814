import { columnsFor, fieldsNamed, fromRow } from '@portal/api-client/entities/derive';
import type { EntityRecord, EntityValues } from '@portal/api-client/entities/field';
import { MEMBER_FIELDS, type Member, type MemberRegisterPayload } from '@portal/api-client/entities/member';
import type { Db } from '../db';
import { hashStoken } from '../lib/token';
import { writeTx } from './write-tx';

/** Member accounts and their login sessions. All member SQL lives here. */

/** The columns of the member's own record (member_info), as entities/member.ts declares it. */
const OWN_COLUMNS = columnsFor(MEMBER_FIELDS, 'self');

export async function findMember(database: Db, id: number): Promise<Member | null> {
  const row = await database.db
    .selectFrom('members')
    .select(OWN_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? fromRow(MEMBER_FIELDS, 'self', row) : null;
}

/** The member's fields a login reads and answers (entities/member.ts). */
const LOGIN_FIELDS = fieldsNamed(MEMBER_FIELDS, ['id', 'username', 'avatar', 'status']);

/** Login lookup: those fields and the password hash of a username (exact match). */
export async function findCredentials(
  database: Db,
  username: string,
): Promise<(EntityRecord<typeof LOGIN_FIELDS, 'self'> & { password_hash: string }) | null> {
  const row = await database.db
    .selectFrom('members')
    .select([...columnsFor(LOGIN_FIELDS, 'self'), 'password_hash'])
    .where('username', '=', username)
    .executeTakeFirst();
  return row ? { ...fromRow(LOGIN_FIELDS, 'self', row), password_hash: row.password_hash } : null;
}

export async function findIdByMobile(database: Db, mobile: string): Promise<number | null> {
  const row = await database.db
    .selectFrom('members')
    .select('id')
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** A registration as stored: the payload with its password replaced by the hash (a field left out takes its default). */
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

/** What member_info_update stores: the validated profile (the avatar only when it changes). */
export type ProfileChanges = EntityValues<typeof MEMBER_FIELDS, 'update', 'self'>;

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
