import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/database-unavailable';

/** The pg pool's one more try when the database is unavailable (lib/database-unavailable.ts says when that is). */

/** How long a failed connect waits before its one more try: long enough for a fast restart's socket. */
const RECONNECT_DELAY_MS = 250;

/** A checked-out connection: a pooled one, or the dedicated one of a retry. */
export interface Checkout {
  query(sql: string, parameters: unknown[]): Promise<pg.QueryResult>;
  release(destroy?: boolean | Error): void;
  processID?: number;
}

/**
 * The pg pool as Kysely's PostgresDialect sees it, with one more try where it is safe:
 * - a connect that fails because the server is unavailable is tried once more;
 * - a `select` outside a transaction that fails because its connection was lost (the server
 *   restarted under it) is run once more on a fresh connection. Reads only: a write whose
 *   connection died may have committed, so it is never repeated; and nothing inside a
 *   transaction, whose earlier statements died with the connection.
 */
export class RetryingPool implements PostgresPool {
  constructor(
    readonly pool: pg.Pool,
    private readonly openDedicated: () => Promise<Checkout> = () => connectClient(pool.options),
    private readonly delayMs = RECONNECT_DELAY_MS,
  ) {}

  get options(): object {
    return this.pool.options;
  }

  async connect(): Promise<PostgresPoolClient> {
    // Kysely's client type also offers query(cursor); the dialect is configured without cursors.
    return new RetryingClient(await this.connectOnceMore(), this) as unknown as PostgresPoolClient;
  }

  /**
   * A connection of its own, outside the pool, for the one more try of a read: the pool's idle
   * connections were cut by the same restart, and it may not have noticed yet. A refused connect
   * is tried once more.
   */
  async dedicated(): Promise<Checkout> {
    try {
      return await this.openDedicated();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      return this.openDedicated();
    }
  }

  /** A pooled client; a connect refused by an unavailable server is tried once more. */
  async connectOnceMore(): Promise<Checkout> {
    try {
      return await this.pool.connect();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, this.delayMs));
      return this.pool.connect();
    }
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** A new connection with the pool's settings, closed on release. */
async function connectClient(options: pg.PoolConfig): Promise<Checkout> {
  const client = new pg.Client(options);
  // An error after the read (the server going away again) only ends this connection.
  client.on('error', () => {});
  await client.connect();
  return {
    query: (sql, parameters) => client.query(sql, parameters),
    release: () => void client.end().catch(() => {}),
    processID: (client as pg.Client & { processID?: number }).processID,
  };
}

/** The place of a connection given back while its replacement is being opened. */
const RELEASED: Checkout = {
  query: () => Promise.reject(new Error('Connection terminated: no connection to the database')),
  release: () => {},
};

const READ = /^\s*select\b/i;
const BEGIN = /^\s*(begin|start transaction)\b/i;
const END = /^\s*(commit|rollback)\s*$/i;

/** One checked-out connection; it can be swapped for a fresh one between statements outside a transaction. */
export class RetryingClient {
  private inTransaction = false;
  constructor(
    private client: Checkout,
    private readonly owner: RetryingPool,
  ) {}

  /** Read by Kysely to cancel a query (pg_cancel_backend). */
  get processID(): number | undefined {
    return this.client.processID;
  }

  async query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    try {
      const result = await this.run<R>(sql, parameters);
      if (BEGIN.test(sql)) this.inTransaction = true;
      else if (END.test(sql)) this.inTransaction = false;
      return result;
    } catch (error) {
      if (END.test(sql)) this.inTransaction = false;
      if (this.inTransaction || !READ.test(sql) || !isDatabaseUnavailable(error)) throw error;
      // The connection is dead: drop it from the pool, and read once more on a connection of its own.
      // Released once only: if no connection can be had, Kysely's release() finds nothing to return.
      const dead = this.client;
      this.client = RELEASED;
      dead.release(error as Error);
      this.client = await this.owner.dedicated();
      return this.run<R>(sql, parameters);
    }
  }

  private async run<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    return (await this.client.query(sql, [...parameters])) as unknown as PostgresQueryResult<R>;
  }

  release(destroy?: boolean | Error): void {
    this.client.release(destroy);
  }
}
