/**
 * Private PostgreSQL servers on this machine for the replica tests: a small primary
 * (`startPrimary`: initdb) and a streaming replica of a primary (`startReplica`:
 * `pg_basebackup -R`), each in a directory under /tmp on a free port from 55432 up, run as the
 * postgres user (the server refuses root). Used by apps/api/test/replicas.test.ts and by
 * `pnpm soak:prod` (bench/src/prod/replica.ts).
 *
 * Why a private primary rather than the shared server on 5432: a base backup copies a whole
 * cluster, and the shared one holds whatever else runs there (the bench's database of a million
 * articles is 5 GB: a minute and 5 GB of /tmp per run). A private primary is a few MB.
 *
 * `startReplica` works with any primary on this machine: it checks wal_level and max_wal_senders
 * and, when no pg_hba.conf rule lets 127.0.0.1 connect for replication, appends one and reloads
 * (`allowReplication`: idempotent; needs write access to that file).
 *
 * Nothing outlives a run for long: every directory names its owner process; the next start
 * stops and removes those whose owner is gone, and a normal exit stops the live ones.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Server directories: /tmp/portal-pg-XXXXXX/{data,owner,server.log}. */
const DIR_PREFIX = 'portal-pg-';
const FIRST_PORT = 55432;
/** The line `allowReplication` appends to a primary's pg_hba.conf when no rule allows it. */
export const HBA_LINE =
  'host replication all 127.0.0.1/32 trust # portal: streaming replicas (scripts/pg-replica.ts)';
/** Settings a hot standby must have at least as high as its primary. */
const AT_LEAST_PRIMARY = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

/** A private server: a primary or a replica. */
export interface PgServer {
  port: number;
  /** Its root directory (data/ inside it). */
  dir: string;
  /** A database on this server, as DATABASE_URL or DATABASE_REPLICA_URLS names it. */
  url(database: string): string;
  /** Stops the server (`fast`: sessions are ended, as when a host goes down cleanly). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again (a replica catches up with its primary by streaming). */
  start(): Promise<void>;
  /** Runs one SQL statement on `database` (default postgres); its unaligned text output. */
  sql(statement: string, database?: string): Promise<string>;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

export interface PgReplica extends PgServer {
  /** Stops replaying WAL (the replica then lags as the primary writes) and waits until it has. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;
const asPostgres = (command: string, args: string[]): [string, string[]] =>
  isRoot() ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

async function psql(url: string, statement: string, bin = 'psql'): Promise<string> {
  const args = ['-X', '-A', '-t', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', statement];
  const { stdout } = await run(bin, args, { timeout: 30_000 });
  return stdout.trim();
}

/** The newest installed PostgreSQL's programs (Debian: /usr/lib/postgresql/N/bin). */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  const dir = newest ? path.join(root, newest, 'bin') : '';
  if (!dir || !fs.existsSync(path.join(dir, 'pg_basebackup')) || !fs.existsSync(path.join(dir, 'initdb'))) {
    throw new Error(`no initdb and pg_basebackup under ${root}/*/bin`);
  }
  return dir;
}

/** Why no private server can be run here (a reason to print when skipping), or null when it can. */
export function serversUnsupported(): string | null {
  if (process.platform !== 'linux') return 'needs Linux';
  if (!isRoot() && os.userInfo().username !== 'postgres') return 'needs root or the postgres user';
  try {
    binDir();
  } catch (error) {
    return (error as Error).message;
  }
  return null;
}

/**
 * Makes sure `primaryUrl` accepts replication connections from 127.0.0.1: checks wal_level and
 * max_wal_senders, and appends HBA_LINE to its pg_hba.conf (then reloads) unless a matching
 * trust rule is there already. True when it changed the file.
 */
export async function allowReplication(primaryUrl: string): Promise<boolean> {
  const settings = await psql(
    primaryUrl,
    "select concat_ws('|', current_setting('wal_level'), current_setting('max_wal_senders'), current_setting('hba_file'))",
  );
  const [walLevel, senders, hbaFile] = settings.split('|');
  if (walLevel !== 'replica' && walLevel !== 'logical') {
    throw new Error(`the primary's wal_level is ${walLevel}: set it to replica and restart the primary`);
  }
  if (Number(senders) < 2)
    throw new Error(`the primary's max_wal_senders is ${senders}: 2 or more are needed`);
  const rules = await psql(
    primaryUrl,
    `select count(*) from pg_hba_file_rules
      where 'replication' = any(database) and type like 'host%' and auth_method = 'trust'
        and case when netmask is null then address in ('all', 'samehost')
                 else (address::inet & netmask::inet) = ('127.0.0.1'::inet & netmask::inet) end`,
  );
  if (Number(rules) > 0) return false;
  try {
    fs.appendFileSync(hbaFile!, `\n${HBA_LINE}\n`);
  } catch (error) {
    throw new Error(
      `the primary refuses replication from 127.0.0.1 and ${hbaFile} cannot be changed here (${(error as Error).message}): add "${HBA_LINE}" and reload it`,
    );
  }
  await psql(primaryUrl, 'select pg_reload_conf()');
  return true;
}

/** A free TCP port on 127.0.0.1 from `from` up. */
async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 1000; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

/** Stops (at once) and removes a server directory; never throws. */
function removeSync(bin: string, dir: string): void {
  const data = path.join(dir, 'data');
  if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
    try {
      const [cmd, args] = asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, 'stop', '-m', 'immediate', '-w']);
      execFileSync(cmd, args, { stdio: 'ignore', timeout: 30_000 });
    } catch {
      // already stopped
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Whether the process that made `dir` still runs (a directory without an owner yet is being made). */
function ownerAlive(dir: string): boolean {
  try {
    process.kill(Number(fs.readFileSync(path.join(dir, 'owner'), 'utf8')), 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return Date.now() - fs.statSync(dir).mtimeMs < 60_000;
    }
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** This process's server directories (and their programs), stopped on exit. */
const live = new Map<string, string>();
let exitHook = false;

/** A new directory owned by the postgres user, recorded as this process's (see ownerAlive). */
function newDir(bin: string): string {
  for (const name of fs.readdirSync(os.tmpdir())) {
    const dir = path.join(os.tmpdir(), name);
    if (name.startsWith(DIR_PREFIX) && !live.has(dir) && !ownerAlive(dir)) removeSync(bin, dir);
  }
  if (!exitHook) {
    exitHook = true;
    process.once('exit', () => {
      for (const [d, b] of live) removeSync(b, d);
    });
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), DIR_PREFIX));
  fs.writeFileSync(path.join(dir, 'owner'), String(process.pid));
  live.set(dir, bin);
  if (isRoot()) execFileSync('chown', ['postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
  return dir;
}

/** The server's postgresql.conf (and trust-only pg_hba.conf): its own, not the primary's. */
function configure(dir: string, port: number, extra: string[]): void {
  const data = path.join(dir, 'data');
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(data, file), text);
    if (isRoot()) execFileSync('chown', ['postgres:postgres', path.join(data, file)]);
  };
  const conf = [
    `port = ${port}`,
    `listen_addresses = '127.0.0.1'`,
    `unix_socket_directories = '${dir}'`,
    'shared_buffers = 32MB',
    // Throwaway data: no fsync.
    'fsync = off',
    `cluster_name = 'portal-${port}'`,
    ...extra,
    '',
  ];
  write('postgresql.conf', conf.join('\n'));
  write(
    'pg_hba.conf',
    'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  );
  write('pg_ident.conf', '');
}

/** Makes a server in a new directory with `create(data)`, then configures and starts it. */
async function newServer(
  create: (
    postgres: (command: string, args: string[]) => Promise<void>,
    data: string,
    port: number,
  ) => Promise<void>,
  settings: (port: number) => Promise<string[]>,
): Promise<PgServer> {
  const bin = binDir();
  const port = await freePort(FIRST_PORT);
  const dir = newDir(bin);
  const data = path.join(dir, 'data');
  const postgres = async (command: string, args: string[]) => {
    const [cmd, argv] = asPostgres(path.join(bin, command), args);
    await run(cmd, argv, { timeout: 120_000 });
  };
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const server: PgServer = {
    port,
    dir,
    url,
    async start() {
      await postgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
    },
    async stop(mode = 'fast') {
      await postgres('pg_ctl', ['-D', data, 'stop', '-m', mode, '-w', '-t', '60']);
    },
    sql: (statement, database = 'postgres') => psql(url(database), statement, path.join(bin, 'psql')),
    async destroy() {
      live.delete(dir);
      removeSync(bin, dir);
    },
  };
  try {
    await create(postgres, data, port);
    configure(dir, port, await settings(port));
    await server.start();
  } catch (error) {
    const logFile = path.join(dir, 'server.log');
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
    await server.destroy();
    throw new Error(`a private PostgreSQL did not start: ${(error as Error).message}\n${log}`);
  }
  return server;
}

/** A small private primary (initdb: UTF-8, C.UTF-8 like the shared server, trust on loopback). */
export function startPrimary(): Promise<PgServer> {
  return newServer(
    (postgres, data) =>
      postgres('initdb', [
        '-D',
        data,
        '-U',
        'postgres',
        '--auth=trust',
        '-E',
        'UTF8',
        '--locale=C.UTF-8',
        '--no-sync',
      ]),
    async () => ['wal_level = replica', 'max_wal_senders = 10'],
  );
}

/**
 * A streaming replica of `primaryUrl` (a server on this machine), started and accepting reads.
 * Call `destroy()` when done (in a finally or afterAll).
 */
export async function startReplica(primaryUrl: string): Promise<PgReplica> {
  await allowReplication(primaryUrl);
  const primary = new URL(primaryUrl);
  const server = await newServer(
    async (postgres, data, port) => {
      const source = [
        `host=${primary.hostname}`,
        `port=${primary.port || 5432}`,
        `user=${decodeURIComponent(primary.username || 'postgres')}`,
        // Names it in the primary's pg_stat_replication.
        `application_name=portal-replica-${port}`,
      ].join(' ');
      // -R: standby.signal and primary_conninfo; -c fast: a checkpoint now, not a spread one (minutes).
      await postgres('pg_basebackup', [
        '-d',
        source,
        '-D',
        data,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
        '--no-sync',
        '-w',
      ]);
    },
    async () => [
      'hot_standby = on',
      // The replica tells the primary what it still reads, so a vacuum there cancels fewer reads here.
      'hot_standby_feedback = on',
      ...(
        await psql(
          primaryUrl,
          `select string_agg(name || ' = ' || setting, E'\\n') from pg_settings where name in (${AT_LEAST_PRIMARY.map((n) => `'${n}'`).join(', ')})`,
        )
      ).split('\n'),
    ],
  );
  const replica: PgReplica = {
    ...server,
    async pauseReplay() {
      await server.sql('select pg_wal_replay_pause()');
      for (let i = 0; i < 300; i++) {
        if ((await server.sql('select pg_get_wal_replay_pause_state()')) === 'paused') return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('replay did not pause within 30 s');
    },
    async resumeReplay() {
      await server.sql('select pg_wal_replay_resume()');
    },
  };
  return replica;
}
