/**
 * The static reference as production serves a file: nginx (NGINX_BIN, default /usr/sbin/nginx)
 * from disk with gzip on, in the nginx.conf start:prod writes (nginxMainConfig and NGINX_GZIP of
 * @portal/routes: one source, so the reference cannot drift from production). Its config and files
 * live in a temp directory removed on stop.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NGINX_GZIP, nginxMainConfig } from '@portal/routes';

export interface NginxStatic {
  /** Base URL; a file written into `dir` is served at `${url}/<name>`. */
  url: string;
  dir: string;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Null when nginx is not installed (the figure is then left out, not faked). */
export async function startNginxStatic(port: number): Promise<NginxStatic | null> {
  const bin = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
  if (!fs.existsSync(bin)) {
    console.log(`  nginx not found at ${bin}: no nginx static reference`);
    return null;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const dir = path.join(root, 'www');
  fs.mkdirSync(dir);
  // nginx started by root runs its workers as nobody: they must reach the files.
  fs.chmodSync(root, 0o755);
  fs.chmodSync(dir, 0o755);
  const conf = path.join(root, 'nginx.conf');
  fs.writeFileSync(
    conf,
    nginxMainConfig({
      runDir: root,
      site: [
        'server {',
        `  listen 127.0.0.1:${port};`,
        ...NGINX_GZIP.map((l) => `  ${l}`),
        `  root ${dir};`,
        '}',
      ],
    }),
  );
  const child = spawn(bin, ['-p', root, '-c', conf, '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  fs.writeFileSync(path.join(dir, 'ready.txt'), 'ok');
  for (let i = 0; i < 50; i++) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/ready.txt`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, dir, stop };
    await sleep(100);
  }
  await stop();
  throw new Error(`nginx static reference did not start on ${url}`);
}
