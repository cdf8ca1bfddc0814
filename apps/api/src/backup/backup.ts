/**
 * Backups of the portal's database: SQLite with SQLite's online backup API (a consistent copy while
 * the server keeps writing), PostgreSQL with pg_dump / pg_restore in the custom format.
 * Uploads are files (DATA_DIR/uploads or the object store) and are copied by the operator's file
 * backup, as the README's operations section says.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import type { ToolConfig } from '../config';

const run = promisify(execFile);

/** Longest a dump, a restore or a client install may take before it is stopped with an error. */
export const BACKUP_TIMEOUT_MS = 30 * 60_000;

/** What a backup file holds, read from its first bytes (never from its name). */
export type BackupKind = 'sqlite' | 'postgres';
const MAGIC: Record<BackupKind, Buffer> = {
  sqlite: Buffer.from('SQLite format 3\0', 'latin1'),
  postgres: Buffer.from('PGDMP', 'latin1'),
};

export class BackupError extends Error {}

export const sqliteFile = (dataDir: string) => path.join(dataDir, 'portal.db');
const kindOf = (config: ToolConfig): BackupKind => (config.databaseUrl ? 'postgres' : 'sqlite');

export function detectBackupKind(file: string): BackupKind | null {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(16);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    for (const kind of Object.keys(MAGIC) as BackupKind[]) {
      const magic = MAGIC[kind];
      if (n >= magic.length && head.subarray(0, magic.length).equals(magic)) return kind;
    }
    return null;
  } finally {
    fs.closeSync(fd);
  }
}

/** DATA_DIR/backups/portal-<UTC time>.<sqlite|pgdump>: the default target of `pnpm backup`. */
export function defaultBackupFile(config: ToolConfig, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return path.join(config.dataDir, 'backups', `portal-${stamp}.${config.databaseUrl ? 'pgdump' : 'sqlite'}`);
}

/** Writes a backup of the configured database to `file` (never over an existing file). */
export async function backup(config: ToolConfig, file: string): Promise<BackupKind> {
  if (fs.existsSync(file)) throw new BackupError(`备份文件已存在，不覆盖: ${file}`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written under a temporary name and renamed when complete: a stopped backup leaves no file that looks whole.
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    if (config.databaseUrl) {
      await ensurePgClient();
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${partial}`], {
        timeout: BACKUP_TIMEOUT_MS,
        env: pgEnv(config.databaseUrl),
      });
    } else {
      const source = sqliteFile(config.dataDir);
      if (!fs.existsSync(source)) throw new BackupError(`没有找到 SQLite 数据库: ${source}`);
      const db = new Database(source, { fileMustExist: true });
      try {
        await db.backup(partial, { progress: wholeDatabasePerStep });
      } finally {
        db.close();
      }
      finishSqliteCopy(partial);
    }
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  return kindOf(config);
}

/**
 * Replaces the configured database's content with the backup's. Stop the server first: its
 * caches would otherwise serve what the restore replaced.
 */
export async function restore(config: ToolConfig, file: string): Promise<BackupKind> {
  if (!fs.existsSync(file)) throw new BackupError(`备份文件不存在: ${file}`);
  const kind = detectBackupKind(file);
  const target = kindOf(config);
  if (kind === null)
    throw new BackupError(`不是本系统的备份文件（SQLite 数据库或 pg_dump 自定义格式）: ${file}`);
  if (kind !== target) {
    throw new BackupError(
      `备份是 ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} 的，当前配置的数据库是 ${target === 'sqlite' ? 'SQLite（DATA_DIR）' : 'PostgreSQL（DATABASE_URL）'}`,
    );
  }
  if (config.databaseUrl) {
    await ensurePgClient();
    const env = pgEnv(config.databaseUrl);
    // --clean drops what the dump recreates; one transaction: a failed restore changes nothing.
    await run(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${env.PGDATABASE}`,
        file,
      ],
      { timeout: BACKUP_TIMEOUT_MS, env },
    );
  } else {
    checkSqlite(file);
    fs.mkdirSync(config.dataDir, { recursive: true });
    const source = new Database(file, { readonly: true, fileMustExist: true });
    try {
      // Through SQLite's backup API, not a file copy: the target's WAL and locks are honoured.
      await source.backup(sqliteFile(config.dataDir), { progress: wholeDatabasePerStep });
    } finally {
      source.close();
    }
  }
  return kind;
}

/**
 * libpq's variables for DATABASE_URL: the password never appears in the process list, as it
 * would in a `--dbname=postgres://user:secret@…` argument.
 */
function pgEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

/**
 * SQLite's online backup restarts whenever another connection (the server) writes between two of
 * its steps; in small steps a busy server keeps it from ever finishing. One step copies every page
 * inside one read transaction: a consistent snapshot, and in WAL mode the server's writers go on.
 */
const wholeDatabasePerStep = () => 0x7fffffff;

/**
 * The copy inherits the server's WAL mode: switch it to a single self-contained file (no -wal/-shm
 * beside it, safe to move and to copy off the machine), then check it.
 */
function finishSqliteCopy(file: string): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
  checkSqlite(file);
}

function checkSqlite(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = (db.pragma('integrity_check') as Record<string, string>[])
      .map((r) => Object.values(r)[0])
      .join('; ');
    if (result !== 'ok') throw new BackupError(`SQLite 备份未通过 integrity_check: ${result}`);
  } finally {
    db.close();
  }
}

/** pg_dump and pg_restore come from Debian's postgresql-client, installed when missing (as root). */
async function ensurePgClient(): Promise<void> {
  if (await has('pg_dump')) return;
  if (process.getuid?.() !== 0 || !(await has('apt-get'))) {
    throw new BackupError('需要 pg_dump / pg_restore：请安装 postgresql-client（版本不低于数据库服务器）');
  }
  console.error('backup: installing postgresql-client from apt');
  await run('apt-get', ['update'], { timeout: BACKUP_TIMEOUT_MS });
  await run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql-client'], {
    timeout: BACKUP_TIMEOUT_MS,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

async function has(command: string): Promise<boolean> {
  try {
    await run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}
