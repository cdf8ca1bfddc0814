import { sql } from 'kysely';
import type { Db } from '../db';
import { writeTx } from './write-tx';

/**
 * SMS verification codes. Only an HMAC of the code is stored. The rows double as the per-phone
 * and global send counters, so the limits hold across processes and restarts.
 */

/**
 * code_hash of a row kept only for the per-phone limits: a send to a number no member has. Such a
 * row is born used (it can never be checked), nothing is sent for it and the global cap ignores it,
 * so strangers' numbers cannot use up everyone's SMS; the per-phone answers stay the same as for a
 * member, so the limits do not tell which numbers are members.
 */
export const UNSENT_CODE = 'unsent';

export interface SendWindow {
  windowMs: number;
  max: number;
}

export interface SendRequest {
  mobile: string;
  /** HMAC of the code to send, or null for a number that cannot use it (see UNSENT_CODE). */
  codeHash: string | null;
  now: number;
  ttlMs: number;
  perPhone: readonly SendWindow[];
  /** Sent codes allowed across all phones per `globalWindowMs`. */
  globalMax: number;
  globalWindowMs: number;
}

/** 'ok', or which limit refused: the index of the per-phone window, or the global cap. */
export type SendOutcome = { ok: true } | { ok: false; phoneWindow: number } | { ok: false; global: true };

/**
 * Counts, checks and records one send in ONE write transaction, so N parallel requests can never
 * all read a count under the limit (SQLite: BEGIN IMMEDIATE serialises writers; PostgreSQL: a
 * transaction-scoped advisory lock serialises sends, which are few). On success the new code
 * retires every earlier unused code of the phone (only the newest is valid).
 */
export async function reserveCode(database: Db, req: SendRequest): Promise<SendOutcome> {
  return writeTx(database, async (trx) => {
    if (database.dialect === 'postgres') {
      await sql`select pg_advisory_xact_lock(${SEND_LOCK_KEY})`.execute(trx);
    }
    const longest = Math.max(...req.perPhone.map((w) => w.windowMs));
    const recent = await trx
      .selectFrom('sms_codes')
      .select('created_at')
      .where('mobile', '=', req.mobile)
      .where('created_at', '>', req.now - longest)
      .execute();
    const phoneWindow = req.perPhone.findIndex(
      (w) => recent.filter((r) => Number(r.created_at) > req.now - w.windowMs).length >= w.max,
    );
    if (phoneWindow >= 0) return { ok: false, phoneWindow };
    if (req.codeHash !== null) {
      const sent = await trx
        .selectFrom('sms_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('created_at', '>', req.now - req.globalWindowMs)
        .where('code_hash', '!=', UNSENT_CODE)
        .executeTakeFirstOrThrow();
      if (Number(sent.n) >= req.globalMax) return { ok: false, global: true };
    }
    await trx
      .updateTable('sms_codes')
      .set({ used_at: req.now })
      .where('mobile', '=', req.mobile)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('sms_codes')
      .values({
        mobile: req.mobile,
        code_hash: req.codeHash ?? UNSENT_CODE,
        attempts: 0,
        used_at: req.codeHash === null ? req.now : null,
        expires_at: req.now + req.ttlMs,
        created_at: req.now,
      })
      .execute();
    return { ok: true };
  });
}

/** Advisory lock id of SMS sends on PostgreSQL (any constant no other lock uses). */
const SEND_LOCK_KEY = 0x534d53; // "SMS"

export type CheckResult = 'ok' | 'wrong' | 'none';

/**
 * Checks a code against the phone's live code and spends it: a right guess marks it used, a wrong
 * one counts an attempt and the `maxAttempts`-th wrong guess destroys it. One write transaction,
 * so two requests can never both use the same code.
 */
export async function checkCode(
  database: Db,
  mobile: string,
  matches: (codeHash: string) => boolean,
  now: number,
  maxAttempts: number,
): Promise<CheckResult> {
  return writeTx(database, async (trx) => {
    const row = await trx
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('mobile', '=', mobile)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!row || Number(row.attempts) >= maxAttempts) return 'none';
    if (matches(row.code_hash)) {
      const res = await trx
        .updateTable('sms_codes')
        .set({ used_at: now })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1 ? 'ok' : 'none';
    }
    const attempts = Number(row.attempts) + 1;
    await trx
      .updateTable('sms_codes')
      .set({ attempts, ...(attempts >= maxAttempts ? { used_at: now } : {}) })
      .where('id', '=', row.id)
      .execute();
    return 'wrong';
  });
}

/** Drops rows older than `before` (nothing reads them once the daily window has passed). */
export async function pruneCodes(database: Db, before: number): Promise<void> {
  await database.db.deleteFrom('sms_codes').where('created_at', '<', before).execute();
}
