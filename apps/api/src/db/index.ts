import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Db, Dialect, ReplicaStatus } from './database';
import type { DB } from './schema';
import { openReplicas } from './replicas';
import { RetryingPool } from './unavailable';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_list_indexes';
import * as m003 from './migrations/003_lead_history_session_expiry';
import * as m004 from './migrations/004_vendor_access_asset';
import * as m005 from './migrations/005_newsroom';
import * as m006 from './migrations/006_back_office_resources';
import * as m007 from './migrations/007_media';
import * as m008 from './migrations/008_topic_pages';
import * as m009 from './migrations/009_search_push';
import * as m010 from './migrations/010_sanitized_html';
import * as m011 from './migrations/011_search_rum';
import * as m012 from './migrations/012_search_terms';
import * as m013 from './migrations/013_white_paper_access';
import * as m014 from './migrations/014_record_versions';
import * as m015 from './migrations/015_search_push_quota';
import * as m016 from './migrations/016_audit_address';
import * as m017 from './migrations/017_presence_unpublish_at';
import * as m018 from './migrations/018_sensitive_words';
import * as m019 from './migrations/019_newsletter';
import * as m020 from './migrations/020_article_views_daily';
import * as m021 from './migrations/021_complaints';
import * as m022 from './migrations/022_cdn_purge';
import * as m023 from './migrations/023_view_rollups';
import * as m024 from './migrations/024_column_rejected';
import { pgSearchIndex } from './search-index';
import { preparedStatements } from './statements';

export type { Db, Dialect, ReplicaStatus } from './database';

export interface DbConfig {
  /** PostgreSQL when set; SQLite at DATA_DIR/portal.db otherwise. */
  databaseUrl?: string;
  dataDir: string;
  /** Largest PostgreSQL pool (PG_POOL_MAX, read by the config module). */
  pgPoolMax?: number;
  /**
   * PostgreSQL: statement_timeout of every connection in ms (unset or 0: none). SQLite has no
   * equivalent (better-sqlite3 runs a statement to its end); there the bounded inputs (field caps,
   * page ≤ MAX_PAGE, capped search totals) are the guard.
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: a pooled connection failed outside a query (the server restarted, a proxy cut it).
   * The pool drops it and opens a new one for the next query; without a listener the error would
   * end the process.
   */
  onConnectionError?: (err: Error) => void;
  /**
   * PostgreSQL streaming replicas for public reads (DATABASE_REPLICA_URLS), skipped when further
   * behind than `maxLagMs` (checked every `checkMs`) or unreachable; ignored on SQLite.
   */
  replicas?: { urls: string[]; maxLagMs: number; checkMs: number };
  /** A replica changed state (down with the error that made it so). */
  onReplicaChange?: (status: ReplicaStatus, err?: Error) => void;
}

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout (or a cancel request). */
export const PG_QUERY_CANCELED = '57014';

/** Asks the database for `select 1`: the readiness probe's check that it answers (plugins/health.ts). */
export async function ping(database: Db): Promise<void> {
  await sql`select 1`.execute(database.db);
}

/** Pool size when the caller passes none (tests, scripts). */
const DEFAULT_PG_POOL_MAX = 10;

/** Open the database: PostgreSQL when a URL is given, else embedded SQLite in WAL mode. */
export function openDb(config: DbConfig): Db {
  if (config.databaseUrl) {
    // bigint columns (times, ids) come back as JS numbers: every value here fits in 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const poolConfig: pg.PoolConfig = {
      connectionString: config.databaseUrl,
      max: config.pgPoolMax ?? DEFAULT_PG_POOL_MAX,
      ...(config.statementTimeoutMs ? { statement_timeout: config.statementTimeoutMs } : {}),
    };
    const pool = new pg.Pool(poolConfig);
    const lost = (err: Error) => config.onConnectionError?.(err);
    // Idle connections report to the pool; a checked-out one (between the queries of a
    // transaction) to itself, where pg-pool listens no more: every connection gets a listener.
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    // Reads are tried once more on a fresh connection when the server restarted under them.
    const retrying = new RetryingPool(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: retrying }) });
    const replicas = config.replicas?.urls.length
      ? openReplicas(
          { db, pool: retrying },
          { ...config.replicas, poolConfig, onStateChange: config.onReplicaChange },
        )
      : undefined;
    return {
      db,
      dialect: 'postgres',
      replicas,
      close: async () => {
        await replicas?.close();
        await db.destroy();
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const sqlite = new Database(path.join(config.dataDir, 'portal.db'));
  sqlite.pragma('journal_mode = WAL');
  // FULL: member, article, lead and form writes must survive a power cut (DESIGN.md section 5).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: preparedStatements(sqlite) }) });
  const close = async () => {
    // Keeps planner statistics fresh for the next start (cheap when nothing changed much).
    if (sqlite.open) sqlite.pragma('optimize');
    await db.destroy();
  };
  return { db, dialect: 'sqlite', close };
}

const MIGRATIONS: Record<string, { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> }> = {
  '001_initial': m001,
  '002_list_indexes': m002,
  '003_lead_history_session_expiry': m003,
  '004_vendor_access_asset': m004,
  '005_newsroom': m005,
  '006_back_office_resources': m006,
  '007_media': m007,
  '008_topic_pages': m008,
  '009_search_push': m009,
  '010_sanitized_html': m010,
  '011_search_rum': m011,
  '012_search_terms': m012,
  '013_white_paper_access': m013,
  '014_record_versions': m014,
  '015_search_push_quota': m015,
  '016_audit_address': m016,
  '017_presence_unpublish_at': m017,
  '018_sensitive_words': m018,
  '019_newsletter': m019,
  '020_article_views_daily': m020,
  '021_complaints': m021,
  '022_cdn_purge': m022,
  '023_view_rollups': m023,
  '024_column_rejected': m024,
};

/**
 * The handle of public reads (`app.readDb`): the replicas' reader when there are replicas, the
 * database itself otherwise. Made after `migrate`, whose search index choice it shares.
 */
export function publicReads(database: Db): Db {
  return database.replicas ? { ...database, db: database.replicas.db } : database;
}

/** Run every pending migration (on start, before serving). */
export async function migrate(database: Db): Promise<void> {
  const migrations: Record<string, Migration> = {};
  for (const [name, mod] of Object.entries(MIGRATIONS)) {
    migrations[name] = { up: (db) => mod.up(db, database.dialect) };
  }
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  if (database.dialect === 'postgres') {
    database.pgSearch = await pgSearchIndex(database.db);
  }
  if (database.dialect === 'sqlite') {
    // Planner statistics: without them SQLite prefers a low-selectivity index (status) over the
    // primary key for `id in (…) and status = 1` and walks every article (110 ms at 1M rows).
    // optimize only analyses tables whose statistics are missing or stale; the limit samples.
    await sql`pragma analysis_limit = 1000`.execute(database.db);
    await sql`pragma optimize = 0x10002`.execute(database.db);
  }
}
