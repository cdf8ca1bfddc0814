import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import type { ReadReplicas, ReplicaState, ReplicaStatus } from './database';
import { WalHistory, parseLsn } from './replica-lag';
import type { DB } from './schema';
import type { RetryingPool } from './unavailable';

/**
 * Reads from PostgreSQL streaming replicas (DATABASE_REPLICA_URLS): the one module that decides
 * where a public read goes. Repositories never choose; routes pass `app.readDb` (whose Kysely is
 * `ReadReplicas.db` below) for the public reads and `app.database` for everything else.
 *
 * - A read goes to a replica that is up, at most `maxLagMs` behind (db/replica-lag.ts), and has
 *   replayed past the fence; else to the next such replica; else to the primary. Replicas take
 *   turns. Lag is measured by a background check every `checkMs`, never per request.
 * - A replica that fails a read (gone, shutting down, a recovery conflict) is skipped at once and
 *   the read runs on the next target, so a request never fails because a replica did; a read-only
 *   transaction (a search) is resumed there by replaying its BEGIN and SET statements.
 * - Read-your-writes: public reads show what editors publish, and every process is told of that
 *   (plugins/content-changes.ts). On a change the fence is raised to the primary's current WAL
 *   position, and until a replica has replayed that far public reads go to the primary, so the read
 *   cache is never refilled from a replica that lacks the change. A member's or an editor's own
 *   reads go to the primary always (they use `app.database`): they are few beside anonymous reads,
 *   and this holds across workers and hosts with no shared session state, where a per-session
 *   window after a write would need one.
 */

/**
 * A read waits this long for a replica's connection (a dropped host, or a pool busy to its size)
 * before it goes to the next target. Only the background check, whose own connect waits
 * CHECK_CONNECT_TIMEOUT_MS, calls a replica down for being slow: a busy pool is no outage.
 */
const CONNECT_TIMEOUT_MS = 2000;
const CHECK_CONNECT_TIMEOUT_MS = 1000;
/** pg-pool's error for a connect that waited CONNECT_TIMEOUT_MS. */
const POOL_TIMEOUT = /^timeout exceeded when trying to connect/;

/** application_name of the read connections and of the background check's. */
export const READ_APPLICATION = 'portal-read';
const CHECK_APPLICATION = 'portal-replica-check';

/** SQLSTATEs of a standby cancelling a read that conflicts with replay: the read runs elsewhere. */
const RECOVERY_CONFLICT = new Set(['40001', '40P01', '57P04']);

/** What a read connection may run: reads, and the frame of a read-only transaction. */
const READ_ONLY = /^\s*(?:select|with|show|begin|start\s+transaction|set|commit|rollback)\b/i;
const BEGIN = /^\s*(?:begin|start\s+transaction)\b/i;
const SESSION_STATE = /^\s*(?:begin|start\s+transaction|set)\b/i;
const END = /^\s*(?:commit|rollback)\s*$/i;

export interface ReplicaOptions {
  urls: string[];
  maxLagMs: number;
  checkMs: number;
  /** Pool settings shared with the primary (pool size, statement_timeout). */
  poolConfig: pg.PoolConfig;
  /** A replica changed state (logged by the caller), with the error that made it down. */
  onStateChange?: (status: ReplicaStatus, error?: Error) => void;
}

interface Replica {
  /** host:port (never the credentials of its URL). */
  name: string;
  pool: pg.Pool;
  /** One connection of its own for the background check, so busy request pools never delay it. */
  monitor: pg.Pool;
  state: ReplicaState;
  replay: number;
  lagMs: number | null;
}

/** A connection as the read client holds it: a replica's pooled client or the primary's. */
interface Checkout {
  query(sql: string, parameters: unknown[]): Promise<unknown>;
  release(destroy?: boolean | Error): void;
  processID?: number;
}

const RELEASED: Checkout = {
  query: () => Promise.reject(new Error('Connection terminated: no connection to the database')),
  release: () => {},
};

function nameOf(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}`;
}

function newPool(config: pg.PoolConfig, onError: (err: Error) => void): pg.Pool {
  const pool = new pg.Pool(config);
  // A replica that goes away errors its idle connections: without a listener that ends the process.
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
  return pool;
}

/** Opens the replicas' pools; reads go to the primary until `start()` has checked them. */
export function openReplicas(
  primary: { db: Kysely<DB>; pool: RetryingPool },
  options: ReplicaOptions,
): ReadReplicas {
  return new ReplicaRouter(primary, options);
}

class ReplicaRouter implements ReadReplicas {
  readonly db: Kysely<DB>;
  private readonly replicas: Replica[];
  private readonly primaryMonitor: pg.Pool;
  private readonly history: WalHistory;
  /** Fence: public reads go only to replicas that replayed past `fenceLsn`, once it is known. */
  private fenceLsn = 0;
  /** Changes announced / changes whose fence position is known: pending while they differ. */
  private fenceRequests = 1;
  private fenceKnown = 0;
  private turn = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly primary: { db: Kysely<DB>; pool: RetryingPool },
    private readonly options: ReplicaOptions,
  ) {
    const quiet = () => {};
    // Named in pg_stat_activity: which connections are reads and which are the background check.
    const connect = {
      ...options.poolConfig,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: READ_APPLICATION,
    };
    const check = {
      max: 1,
      connectionTimeoutMillis: CHECK_CONNECT_TIMEOUT_MS,
      query_timeout: Math.max(1000, options.checkMs),
      application_name: CHECK_APPLICATION,
    };
    this.replicas = options.urls.map((url) => ({
      name: nameOf(url),
      pool: newPool({ ...connect, connectionString: url }, quiet),
      monitor: newPool({ ...check, connectionString: url }, quiet),
      state: 'starting',
      replay: 0,
      lagMs: null,
    }));
    this.primaryMonitor = newPool({ ...check, connectionString: options.poolConfig.connectionString }, quiet);
    // Long enough that a replica stuck behind every kept sample still shows a lag above the bound.
    this.history = new WalHistory(2 * options.maxLagMs + 4 * options.checkMs);
    this.db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new ReadPool(this) }) });
  }

  start(): void {
    if (this.closed || this.timer || this.running) return;
    this.schedule(0);
  }

  contentChanged(): void {
    this.fenceRequests += 1;
    // Measured at once rather than at the next tick: reads go to the primary until then.
    if (this.timer && !this.running) {
      clearTimeout(this.timer);
      this.schedule(0);
    }
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((r) => ({ replica: r.name, state: r.state, lag_ms: r.lagMs }));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    await this.db.destroy();
    await Promise.all(
      [...this.replicas.flatMap((r) => [r.pool, r.monitor]), this.primaryMonitor].map((p) =>
        p.end().catch(() => {}),
      ),
    );
  }

  serving(): boolean {
    return this.fit().length > 0;
  }

  /** The replicas a read may use: current and past the fence, once the fence is known. */
  private fit(): Replica[] {
    if (this.fenceRequests !== this.fenceKnown) return [];
    return this.replicas.filter((r) => r.state === 'current' && r.replay >= this.fenceLsn);
  }

  /** The replicas a read may use now, starting with the next in turn. */
  candidates(): Replica[] {
    const fit = this.fit();
    if (fit.length < 2) return fit;
    this.turn = (this.turn + 1) % fit.length;
    return [...fit.slice(this.turn), ...fit.slice(0, this.turn)];
  }

  get primaryOptions(): object {
    return this.primary.pool.options;
  }

  /** The primary's connection (with its own one more try when it restarted: RetryingPool). */
  async primaryCheckout(): Promise<Checkout> {
    return (await this.primary.pool.connect()) as unknown as Checkout;
  }

  /** A read on `replica` failed with `error`: skipped from now on if it is gone, until a check finds it back. */
  failed(replica: Replica, error: unknown): void {
    if (isDatabaseUnavailable(error) && !POOL_TIMEOUT.test((error as Error).message)) {
      this.setState(replica, 'down', error as Error);
    }
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.round().finally(() => {
        this.running = null;
        if (this.closed) return;
        // A change announced during the round needs a position read after it.
        this.schedule(this.fenceRequests !== this.fenceKnown ? 0 : this.options.checkMs);
      });
    }, ms);
    this.timer.unref();
  }

  /** One background check: the primary's WAL position first, then each replica's replay position. */
  private async round(): Promise<void> {
    const requested = this.fenceRequests;
    const at = Date.now();
    try {
      const { rows } = await this.primaryMonitor.query<{ lsn: string }>(
        'select pg_current_wal_lsn()::text as lsn',
      );
      const lsn = parseLsn(rows[0]?.lsn);
      this.history.add(at, lsn);
      if (requested !== this.fenceKnown) {
        // Read after the change was committed: every change announced before this round is at or below it.
        this.fenceLsn = Math.max(this.fenceLsn, lsn);
        this.fenceKnown = requested;
      }
    } catch {
      // The primary is down: replicas keep their state (reads may still be served by them).
    }
    await Promise.all(this.replicas.map((r) => this.checkReplica(r)));
  }

  private async checkReplica(replica: Replica): Promise<void> {
    try {
      const { rows } = await replica.monitor.query<{ standby: boolean; lsn: string | null }>(
        'select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn',
      );
      const row = rows[0];
      // A promoted replica follows the primary no more: its data may differ from the primary's.
      if (!row?.standby) throw new Error(`${replica.name} is not a standby (promoted?)`);
      replica.replay = parseLsn(row.lsn);
      replica.lagMs = this.history.lagOf(replica.replay, Date.now());
      if (replica.lagMs === null) return;
      this.setState(replica, replica.lagMs > this.options.maxLagMs ? 'lagging' : 'current');
    } catch (error) {
      replica.lagMs = null;
      this.setState(replica, 'down', error as Error);
    }
  }

  private setState(replica: Replica, state: ReplicaState, error?: Error): void {
    if (replica.state === state) return;
    replica.state = state;
    this.options.onStateChange?.(
      { replica: replica.name, state, lag_ms: replica.lagMs },
      state === 'down' ? error : undefined,
    );
  }
}

/** The pool of the reader's Kysely: each connection goes where the router says at that moment. */
class ReadPool implements PostgresPool {
  constructor(private readonly router: ReplicaRouter) {}

  /** Kysely reads the pool's options to cancel a query: the primary's (same user and settings). */
  get options(): object {
    return this.router.primaryOptions;
  }

  async connect(): Promise<PostgresPoolClient> {
    const client = new ReadClient(this.router, this.router.candidates());
    await client.open();
    // Kysely's client type also offers query(cursor); the dialect is configured without cursors.
    return client as unknown as PostgresPoolClient;
  }

  /** The pools are the router's (and the primary's): closed by ReplicaRouter.close(). */
  async end(): Promise<void> {}
}

/**
 * One read connection: on the first reachable replica of `queue`, else the primary. A read that
 * fails because its replica did moves to the next target (replaying an open read-only
 * transaction's BEGIN and SET statements first) and is run there.
 */
class ReadClient {
  private checkout: Checkout = RELEASED;
  private replica: Replica | null = null;
  /** BEGIN and SET statements of the open transaction, to resume it elsewhere. */
  private session: { sql: string; parameters: unknown[] }[] = [];

  constructor(
    private readonly router: ReplicaRouter,
    private readonly queue: Replica[],
  ) {}

  get processID(): number | undefined {
    return this.checkout.processID;
  }

  async open(): Promise<void> {
    for (let replica = this.queue.shift(); replica; replica = this.queue.shift()) {
      try {
        this.checkout = await replica.pool.connect();
        this.replica = replica;
        return;
      } catch (error) {
        this.router.failed(replica, error);
      }
    }
    this.replica = null;
    this.checkout = await this.router.primaryCheckout();
  }

  async query(sql: string, parameters: readonly unknown[]): Promise<unknown> {
    if (!READ_ONLY.test(sql)) {
      throw new Error('the read connection runs reads only: write through the primary (app.database)');
    }
    if (BEGIN.test(sql)) this.session = [];
    const result = await this.run(sql, [...parameters]);
    if (SESSION_STATE.test(sql)) this.session.push({ sql, parameters: [...parameters] });
    else if (END.test(sql)) this.session = [];
    return result;
  }

  private async run(sql: string, parameters: unknown[]): Promise<unknown> {
    for (let moved = false; ; moved = true) {
      try {
        if (moved) for (const s of this.session) await this.checkout.query(s.sql, s.parameters);
        return await this.checkout.query(sql, parameters);
      } catch (error) {
        const replica = this.replica;
        const elsewhere =
          isDatabaseUnavailable(error) || RECOVERY_CONFLICT.has((error as { code?: string }).code ?? '');
        if (!replica || !elsewhere) throw error;
        const dead = this.checkout;
        this.checkout = RELEASED;
        dead.release(error as Error);
        this.router.failed(replica, error);
        await this.open();
      }
    }
  }

  release(destroy?: boolean | Error): void {
    this.checkout.release(destroy);
  }
}
