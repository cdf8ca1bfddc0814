import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Server {
  url: string;
  child: ChildProcess;
  /** Peak resident memory (VmHWM) in MiB, read from /proc. */
  peakRssMiB(): number;
  stop(): Promise<void>;
}

/**
 * The servers run with NODE_ENV=production, which refuses published default secrets: the bench
 * brings its own (or the operator's, when set), and measures with the client credential it set.
 */
export const BENCH_CLIENT = {
  id: process.env.CLIENT_ID ?? 'portal-web',
  secret: process.env.CLIENT_SECRET ?? randomBytes(18).toString('hex'),
};
const TOKEN_SECRET = process.env.TOKEN_SECRET ?? randomBytes(32).toString('hex');

/** Servers started by this run; stopped if the run ends early (error, Ctrl-C) so none outlive it. */
const started = new Set<ChildProcess>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(130));
}
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Start a Node server script with env, wait until `probe` answers. */
export async function startNode(
  script: string,
  env: Record<string, string>,
  port: number,
  probe = '/',
  nodeArgs: string[] = [],
): Promise<Server> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, script)], {
    cwd: ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      CLIENT_ID: BENCH_CLIENT.id,
      CLIENT_SECRET: BENCH_CLIENT.secret,
      TOKEN_SECRET,
      PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? url,
      // A measuring host, not the real site: the SMS outbox stays, allowed by name (codes in a file only).
      SMS_OUTBOX_IN_PRODUCTION: '1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  const deadline = Date.now() + 600_000; // a first start may seed the demo database
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + probe, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      // Answered, and by this child: a child that failed to bind has exited by now.
      await new Promise((r) => setTimeout(r, 200));
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${script} did not answer on ${url}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return {
    url,
    child,
    peakRssMiB() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Run a command to completion, inheriting output; rejects on a non-zero exit. */
export function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} → ${code}`)),
    );
  });
}

/** A new, empty PostgreSQL database `name` on the server of `base` (dropped first if left over); its URL. */
export async function freshPgDatabase(base: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}
