import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { defaultDecodeConcurrency } from '@portal/config';
import { HEALTH_PATHS } from '@portal/routes';
import type { ProdConfig } from './config';
import { LOCAL_PASSIVE_HEALTH, testNginxConfig, workerAddress, writeNginxConfig } from './nginx';

/** A worker's render share (RENDER_SHARE_PERCENT) unless set: see spawnWorker. */
const WORKER_RENDER_SHARE_PERCENT = 50;

type Log = (msg: string) => void;

interface Worker {
  slot: number;
  child: ChildProcess;
  /** Stopped on purpose (rolling restart, shutdown): its exit is not a crash. */
  retiring: boolean;
  exited: Promise<void>;
}

/** What the supervisor is running now: RUN_DIR/state.json (operators and the failure tests read it). */
export interface SupervisorState {
  pid: number;
  nginxPid: number | null;
  port: number;
  workers: { slot: number; pid: number | null; address: string }[];
}

export interface SupervisorOptions {
  config: ProdConfig;
  /** The repository checkout: built apps and the gateway's dist live under it. */
  root: string;
  /** Environment of every worker (the operator's, with the supervisor's adjustments). */
  env: NodeJS.ProcessEnv;
  log: Log;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A worker that crashes again within this long after starting is restarted after a growing pause. */
const CRASH_WINDOW_MS = 30_000;
const MAX_BACKOFF_MS = 10_000;

/**
 * The production shape on one machine (DESIGN.md section 9): nginx on PORT in front of
 * WEB_CONCURRENCY gateway workers, each on a fixed loopback port (WORKER_PORT_BASE + slot).
 *
 * - A worker that dies is started again on its port. Meanwhile nginx sends its requests to the
 *   others: a refused connection carried no request, so nginx retries any method on the next worker,
 *   and a reader request cut off mid-way (GET, HEAD) is retried too (proxy_next_upstream).
 * - A rolling restart (SIGHUP) replaces the workers one at a time: SIGTERM (the worker stops
 *   accepting, finishes what it holds, flushes page views, closes its pools), then a new worker on
 *   the same port, then /readyz, then the next slot. nginx's config never changes, so nginx is never
 *   reloaded and no reader connection is cut.
 * - stop() ends nginx first (graceful: finishes the requests it holds), then every worker (drained).
 */
export class Supervisor {
  private readonly workers = new Map<number, Worker>();
  private nginx: ChildProcess | null = null;
  private stopping = false;
  private rolling: Promise<void> | null = null;
  private readonly crashes = new Map<number, { at: number; backoff: number }>();
  /** Resolves with an exit code when the supervisor has to stop (nginx died). */
  readonly failed: Promise<number>;
  private fail!: (code: number) => void;

  constructor(private readonly options: SupervisorOptions) {
    this.failed = new Promise((resolve) => (this.fail = resolve));
  }

  private get config(): ProdConfig {
    return this.options.config;
  }

  /** Starts every worker, waits until each is ready, then starts nginx. */
  async start(): Promise<void> {
    const { config, root, log } = this.options;
    const files = writeNginxConfig(config, root, log);
    testNginxConfig(config.nginxBin, files, config.runDir);
    await Promise.all(
      Array.from({ length: config.workers }, async (_, slot) => {
        this.spawnWorker(slot);
        await this.waitReady(slot);
      }),
    );
    log(`${config.workers} workers ready on ${workerAddress(config, 0)}…`);
    const nginx = spawn(config.nginxBin, ['-p', config.runDir, '-c', files.main, '-e', 'stderr'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    this.nginx = nginx;
    nginx.once('exit', (code, signal) => {
      this.nginx = null;
      this.writeState();
      if (this.stopping) return;
      log(`nginx exited (${signal ?? code}); stopping`);
      this.fail(1);
    });
    await this.waitForNginx();
    this.writeState();
    log(`nginx on ${config.host}:${config.port} (pid ${nginx.pid}), config ${files.site}`);
  }

  /** SIGHUP: replace every worker, one at a time, losing no request. Calls during one join it. */
  rollingRestart(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    this.rolling ??= (async () => {
      const { log } = this.options;
      const began = Date.now();
      log('rolling restart: replacing workers one at a time');
      for (const slot of [...this.workers.keys()].sort((a, b) => a - b)) {
        if (this.stopping) break;
        await this.retire(slot);
        if (this.stopping) break;
        this.spawnWorker(slot);
        try {
          await this.waitReady(slot);
        } catch (error) {
          // Taking down the next slot too would only make it worse: stop here and say so.
          log(`rolling restart stopped at slot ${slot}: ${(error as Error).message}`);
          return;
        }
        // nginx marked this slot out while it was stopped: wait until it takes requests again
        // before the next slot stops, or nginx could see every worker out at once (502).
        await sleep(LOCAL_PASSIVE_HEALTH.failTimeoutS * 2000 + 500);
      }
      log(`rolling restart done in ${Date.now() - began} ms`);
    })().finally(() => {
      this.rolling = null;
    });
    return this.rolling;
  }

  /** Graceful stop: nginx finishes the requests it holds, then every worker drains and exits. */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const { log } = this.options;
    const began = Date.now();
    const nginx = this.nginx;
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      const timer = setTimeout(() => nginx.kill('SIGTERM'), this.config.shutdownTimeoutMs);
      await exited;
      clearTimeout(timer);
      log(`nginx stopped in ${Date.now() - began} ms`);
    }
    await Promise.all([...this.workers.keys()].map((slot) => this.retire(slot)));
    log(`stopped: nginx and every worker in ${Date.now() - began} ms`);
  }

  private spawnWorker(slot: number): Worker {
    const { config, root, env, log } = this.options;
    const port = config.workerPortBase + slot;
    // The IPC channel only tells the worker when the supervisor is gone (it then stops itself).
    const heap = `--max-old-space-size=${config.workerHeapMb}`;
    const child = spawn(process.execPath, [heap, path.join(root, 'apps/gateway/dist/server.js')], {
      cwd: root,
      env: {
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: config.dataDir,
        // The release step seeded (or not) before any worker started: workers never seed.
        SEED: 'none',
        PORTAL_WORKER: String(slot),
        // The machine's cores shared out among the workers' image decode queues (unless set).
        IMAGE_DECODE_CONCURRENCY:
          env.IMAGE_DECODE_CONCURRENCY?.trim() || String(defaultDecodeConcurrency(config.workers)),
        // Renders take at most half of a worker's time unless set: in the crawler storm (bench/src/prod/cache.ts)
        // readers of cached pages got 2-3x the answers and a 4-20x lower p99 than with no pause.
        RENDER_SHARE_PERCENT: env.RENDER_SHARE_PERCENT?.trim() || String(WORKER_RENDER_SHARE_PERCENT),
        // Each worker serves its own metrics: worker i on METRICS_PORT + i (off when unset).
        ...(env.METRICS_PORT?.trim() ? { METRICS_PORT: String(Number(env.METRICS_PORT) + slot) } : {}),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = {
      slot,
      child,
      retiring: false,
      exited: new Promise((resolve) => child.once('exit', () => resolve())),
    };
    this.workers.set(slot, worker);
    child.once('exit', (code, signal) => {
      this.writeState();
      if (worker.retiring || this.stopping) return;
      log(`worker ${slot} (pid ${child.pid}) died (${signal ?? `exit ${code}`}); starting it again`);
      void this.restartAfterCrash(slot);
    });
    this.writeState();
    return worker;
  }

  private async restartAfterCrash(slot: number): Promise<void> {
    const now = Date.now();
    const last = this.crashes.get(slot);
    const backoff =
      last && now - last.at < CRASH_WINDOW_MS ? Math.min(last.backoff * 2 || 500, MAX_BACKOFF_MS) : 0;
    this.crashes.set(slot, { at: now, backoff });
    if (backoff > 0) await sleep(backoff);
    const current = this.workers.get(slot)?.child;
    if (this.stopping || (current && current.exitCode === null && current.signalCode === null)) return;
    this.spawnWorker(slot);
    try {
      await this.waitReady(slot);
      this.options.log(`worker ${slot} is back`);
    } catch (error) {
      this.options.log(`worker ${slot}: ${(error as Error).message}`);
    }
  }

  /** SIGTERM one worker and wait until it has drained and exited (killed after the drain timeout). */
  private async retire(slot: number): Promise<void> {
    const worker = this.workers.get(slot);
    if (!worker) return;
    worker.retiring = true;
    if (worker.child.exitCode === null && worker.child.signalCode === null) {
      worker.child.kill('SIGTERM');
      const timer = setTimeout(() => worker.child.kill('SIGKILL'), this.config.shutdownTimeoutMs);
      await worker.exited;
      clearTimeout(timer);
    }
  }

  /** Polls the worker's /readyz until it answers 200 (database and Redis reachable). */
  private async waitReady(slot: number): Promise<void> {
    const url = `http://${workerAddress(this.config, slot)}${HEALTH_PATHS.ready}`;
    const deadline = Date.now() + this.config.readyTimeoutMs;
    const worker = this.workers.get(slot)!;
    for (;;) {
      if (worker.child.exitCode !== null || worker.child.signalCode !== null) {
        throw new Error(`worker ${slot} exited before it was ready`);
      }
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new Error(`worker ${slot} not ready after ${this.config.readyTimeoutMs} ms`);
      await sleep(200);
    }
  }

  private async waitForNginx(): Promise<void> {
    const host = this.config.host === '0.0.0.0' ? '127.0.0.1' : this.config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${this.config.port}${HEALTH_PATHS.live}`;
    for (let i = 0; i < 100; i++) {
      if (!this.nginx) throw new Error('nginx exited at start (see its message above)');
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        return;
      } catch {
        await sleep(100);
      }
    }
    throw new Error(`nginx does not answer on port ${this.config.port}`);
  }

  private writeState(): void {
    const state: SupervisorState = {
      pid: process.pid,
      nginxPid: this.nginx?.pid ?? null,
      port: this.config.port,
      workers: [...this.workers.values()].map((w) => ({
        slot: w.slot,
        pid: w.child.exitCode === null && w.child.signalCode === null ? (w.child.pid ?? null) : null,
        address: workerAddress(this.config, w.slot),
      })),
    };
    writeFileSync(path.join(this.config.runDir, 'state.json'), `${JSON.stringify(state, null, 2)}\n`);
  }
}
