import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '@portal/config';
import { loadProdConfig } from './config';
import { ensureNginx } from './nginx';
import { Supervisor } from './supervisor';

/**
 * `npm run start:prod` (scripts/start-prod.sh builds, then runs this as apps/gateway/dist/prod.js):
 * 1. checks the configuration (the supervisor's and the workers': production secrets, origins);
 * 2. release step: `pnpm migrate`, then `pnpm seed` only when SEED=demo;
 * 3. WEB_CONCURRENCY gateway workers, each ready (/readyz) before nginx starts on PORT;
 * 4. SIGHUP: rolling restart; SIGTERM / SIGINT (Ctrl-C): nginx, then the workers, stop cleanly.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const log = (msg: string) => console.log(`[start:prod ${new Date().toISOString().slice(11, 19)}] ${msg}`);

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

async function main(): Promise<number> {
  let config;
  try {
    config = loadProdConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  ensureNginx(config.nginxBin, log);
  mkdirSync(config.runDir, { recursive: true });
  mkdirSync(config.dataDir, { recursive: true });
  const pidFile = path.join(config.runDir, 'supervisor.pid');
  writeFileSync(pidFile, `${process.pid}\n`);

  // Every child sees the same absolute DATA_DIR, whatever directory it runs in.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: config.dataDir };
  // The release step: once, before any worker, so workers never race to migrate or seed.
  log('release step: pnpm migrate');
  await run('pnpm', ['--silent', 'migrate'], env);
  if (config.seedDemo) {
    log('release step: pnpm seed (SEED=demo)');
    await run('pnpm', ['--silent', 'seed'], env);
  }

  const supervisor = new Supervisor({ config, root: ROOT, env, log });
  let stopping: Promise<void> | null = null;
  const stop = (signal: string) => {
    log(`${signal}: stopping nginx, then the workers`);
    stopping ??= supervisor.stop();
    return stopping;
  };
  const done = new Promise<number>((resolve) => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => void stop(signal).then(() => resolve(0)));
    }
    void supervisor.failed.then((code) => stop('nginx exit').then(() => resolve(code)));
  });
  process.on('SIGHUP', () => void supervisor.rollingRestart());
  try {
    await supervisor.start();
  } catch (error) {
    console.error(`[start:prod] ${(error as Error).message}`);
    await stop('start failed');
    return 1;
  }
  log(`serving on port ${config.port} (SIGHUP or \`pnpm reload:prod\`: rolling restart; Ctrl-C: stop)`);
  const code = await done;
  rmSync(pidFile, { force: true });
  return code;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`[start:prod] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
