import { type Kysely, type Transaction, sql } from 'kysely';
import type { Db } from '../db';
import type { DB } from '../db/schema';

/**
 * Runs `fn` in a write transaction. SQLite begins IMMEDIATE (DESIGN.md section 5): the write
 * lock is taken up front, so a read-then-write (lead upsert) never fails half-way with BUSY.
 * PostgreSQL uses an ordinary transaction.
 */
export async function writeTx<T>(database: Db, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return writeTxDb(database, (tx) => fn(tx.db));
}

/** writeTx handing out a whole Db (search-index helpers join the transaction instead of nesting one). */
export async function writeTxDb<T>(database: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (database.dialect === 'postgres') {
    return database.db
      .transaction()
      .execute((trx: Transaction<DB>) => fn({ ...database, db: trx, inTransaction: true }));
  }
  return database.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await fn({ ...database, db: conn, inTransaction: true });
      await sql`commit`.execute(conn);
      return result;
    } catch (err) {
      await sql`rollback`.execute(conn);
      throw err;
    }
  });
}

/** `database` seen from inside a writeTx callback: helpers that take a Db join the transaction. */
export function inTx(database: Db, trx: Kysely<DB>): Db {
  return { ...database, db: trx, inTransaction: true };
}
