import type { Kysely } from 'kysely';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';

/** The open database: the Kysely instance and what the code around it needs to know of it. */
export interface Db {
  /**
   * The Kysely instance. On `app.database` it is the primary's: writes, transactions, and every
   * read of a member's or editor's own data. On `app.readDb` (public reads) it routes each read to
   * a current replica when DATABASE_REPLICA_URLS is set (db/replicas.ts).
   */
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
  /** PostgreSQL with DATABASE_REPLICA_URLS: the streaming replicas public reads go to (db/replicas.ts). */
  replicas?: ReadReplicas;
}

/** starting: not checked yet; current: serves reads; lagging: further behind than the bound; down: unreachable. */
export type ReplicaState = 'starting' | 'current' | 'lagging' | 'down';

/** One replica as /readyz reports it. */
export interface ReplicaStatus {
  /** host:port of its URL (never its credentials). */
  replica: string;
  state: ReplicaState;
  /** How far behind the primary it was at the last check; null when unknown. */
  lag_ms: number | null;
}

export interface ReadReplicas {
  /** The reader: each read on a current replica, else on the primary; reads only. */
  db: Kysely<DB>;
  /** Begins the background checks (after migrations: reads go to the primary until then). */
  start(): void;
  /** Public content changed: public reads go to the primary until a replica has replayed the change. */
  contentChanged(): void;
  /** Whether a public read would go to a replica now (one is current and past the fence). */
  serving(): boolean;
  status(): ReplicaStatus[];
  close(): Promise<void>;
}
