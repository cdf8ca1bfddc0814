import type { Db } from '../db';
import { writeTx } from './write-tx';

/**
 * SMS verification codes. Only an HMAC of the code is stored. The rows double as the per-phone
 * and global send counters, so the limits hold across processes and restarts.
 */

export async function countSentSince(database: Db, mobile: string, since: number): Promise<number> {
  const row = await database.db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mobile', '=', mobile)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countAllSentSince(database: Db, since: number): Promise<number> {
  const row = await database.db
    .selectFrom('sms_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a new code and retires every earlier unused code of the phone (only the newest is valid). */
export async function insertCode(
  database: Db,
  mobile: string,
  codeHash: string,
  now: number,
  ttlMs: number,
): Promise<void> {
  await writeTx(database, async (trx) => {
    await trx
      .updateTable('sms_codes')
      .set({ used_at: now })
      .where('mobile', '=', mobile)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('sms_codes')
      .values({
        mobile,
        code_hash: codeHash,
        attempts: 0,
        used_at: null,
        expires_at: now + ttlMs,
        created_at: now,
      })
      .execute();
  });
}

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
