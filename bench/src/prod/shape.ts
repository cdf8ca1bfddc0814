/**
 * The production shape under test: `node apps/gateway/dist/prod.js` (what `npm run start:prod`
 * runs after building) with its own PORT, worker ports, RUN_DIR and DATA_DIR, on 127.0.0.1 only;
 * plus the private services the failure tests stop and start (a redis-server on a spare port).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../proc';

export interface WorkerState {
  slot: number;
  pid: number | null;
  address: string;
}

export interface Shape {
  url: string;
  runDir: string;
  child: ChildProcess;
  /** RUN_DIR/state.json as the supervisor last wrote it. */
  state(): { nginxPid: number | null; workers: WorkerState[] };
  /** Resolves when the supervisor has printed a line matching `pattern` (after this call). */
  waitForLog(pattern: RegExp, timeoutMs: number): Promise<void>;
  /** SIGTERM, then the supervisor's exit code. */
  stop(): Promise<number | null>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Shapes and servers started by this run: killed if the run ends early, so none outlive it. */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

export const CLIENT = { id: 'portal-web', secret: randomBytes(18).toString('hex') };

export interface ShapeOptions {
  port: number;
  workers: number;
  workerPortBase: number;
  dataDir: string;
  runDir: string;
  env?: Record<string, string>;
  /** Prefix of the supervisor's lines echoed to this run's output. */
  label: string;
}

/** Starts the supervisor and waits until it serves through nginx (release step and workers done). */
export async function startShape(options: ShapeOptions): Promise<Shape> {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/gateway/dist/prod.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(options.port),
      NGINX_HOST: '127.0.0.1',
      WEB_CONCURRENCY: String(options.workers),
      WORKER_PORT_BASE: String(options.workerPortBase),
      DATA_DIR: options.dataDir,
      RUN_DIR: options.runDir,
      PUBLIC_ORIGIN: url,
      CLIENT_ID: CLIENT.id,
      CLIENT_SECRET: CLIENT.secret,
      TOKEN_SECRET: 'prod-failure-tests-token-secret-0123456789abcdef',
      LOG_LEVEL: 'error',
      SEED: 'demo',
      DATABASE_URL: '',
      REDIS_URL: '',
      STORAGE_URL: '',
      SHUTDOWN_TIMEOUT_MS: '30000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  child.once('exit', () => started.delete(child));
  let output = '';
  const waiters = new Set<{ pattern: RegExp; from: number; resolve: () => void }>();
  const onData = (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    output += text;
    for (const line of text.split('\n')) if (line.trim()) console.log(`    [${options.label}] ${line}`);
    for (const w of waiters) {
      if (w.pattern.test(output.slice(w.from))) {
        waiters.delete(w);
        w.resolve();
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const shape: Shape = {
    url,
    runDir: options.runDir,
    child,
    state() {
      return JSON.parse(fs.readFileSync(path.join(options.runDir, 'state.json'), 'utf8')) as ReturnType<
        Shape['state']
      >;
    },
    waitForLog(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const w = { pattern, from: output.length, resolve: () => resolve() };
        waiters.add(w);
        const timer = setTimeout(() => {
          waiters.delete(w);
          reject(new Error(`${options.label}: no "${pattern.source}" within ${timeoutMs} ms`));
        }, timeoutMs);
        timer.unref();
        void exited.then(() => {
          if (waiters.delete(w)) reject(new Error(`${options.label}: supervisor exited`));
        });
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  const serving = shape.waitForLog(/serving on port/, 600_000);
  await Promise.race([
    serving,
    exited.then((code) => {
      throw new Error(
        `${options.label}: supervisor exited (${code}) before serving:\n${output.slice(-2000)}`,
      );
    }),
  ]);
  return shape;
}

/** Polls `check` every 100 ms until it is true; false when `timeoutMs` passed first. */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return true;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  return false;
}

/** GET a worker's /readyz directly; status 0 when it did not answer within 10 s. */
export async function readyz(address: string): Promise<{ status: number; body: Record<string, string> }> {
  try {
    const res = await fetch(`http://${address}/readyz`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  } catch (error) {
    return { status: 0, body: { error: (error as Error).message } };
  }
}

/** A private redis-server (never the shared 6379): no persistence, loopback only. */
export class PrivateRedis {
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}/0`;
  }

  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    started.add(child);
    child.once('exit', () => started.delete(child));
    this.child = child;
    const up = await until(() => this.ping(), 10_000);
    if (!up) throw new Error(`redis-server on ${this.port} did not start (is redis-server installed?)`);
  }

  /** SIGTERM and wait: the port refuses connections until start() again. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }

  async ping(): Promise<boolean> {
    return (await this.cli('ping')).trim() === 'PONG';
  }

  cli(...args: string[]): Promise<string> {
    return new Promise((resolve) => {
      const child = spawn('redis-cli', ['-h', '127.0.0.1', '-p', String(this.port), ...args], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
      child.once('exit', () => resolve(out));
      child.once('error', () => resolve(''));
    });
  }
}

/** `pnpm admin …` on a shape's database (the back office's first account comes from it). */
export function adminCli(env: Record<string, string>, ...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', 'admin', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`pnpm admin ${args[0]}: ${code}`)),
    );
  });
}

/**
 * A new editor of the back office on a shape (`pnpm admin editor add`, then signed in): POSTs to
 * /admin/api with its session and CSRF token, answering the JSON.
 */
export async function backOffice(
  url: string,
  toolEnv: Record<string, string>,
): Promise<<T>(path: string, body: unknown) => Promise<T>> {
  const editor = `prod${Date.now() % 100000}`;
  const password = 'prod-test-password-1';
  await adminCli(toolEnv, 'editor', 'add', editor, '--role', 'admin', '--password', password);
  const session = await fetch(new URL('/admin/api/session', url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: editor, password }),
  });
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async <T>(p: string, body: unknown) => {
    const res = await fetch(new URL(`/admin/api${p}`, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`POST /admin/api${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}
