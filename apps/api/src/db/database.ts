import type { Kysely } from 'kysely';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** The open database: the Kysely instance and what the code around it needs to know of it. */
export interface Db {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
  /** PostgreSQL: the pool's open, idle and waiting counts (metrics); absent on SQLite. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * `db` is the connection of a running write transaction (repositories/write-tx.ts): nested
   * work joins it. Kysely's own flag (db.isTransaction) is false there on SQLite, because the
   * transaction is begun by hand (BEGIN IMMEDIATE).
   */
  inTransaction?: boolean;
  /** PostgreSQL: the index search reads (db/search-index.ts), known after `migrate`. */
  pgSearch?: 'terms' | 'gin';
}
