import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { nginxConfig, nginxMainConfig } from '@portal/routes';
import type { ProdConfig } from './config';

/** The two files start:prod gives nginx: the site (generated from the route table) and its http {} around it. */
export interface NginxFiles {
  main: string;
  site: string;
}

/**
 * Passive health of the local workers: one refused or failed attempt takes a worker out for 2 s
 * (a stopped or restarting worker costs a loopback connect at most once per nginx process), and a
 * rolling restart waits twice that long after a new worker is ready before it stops the next one, so
 * nginx never has every worker marked out at once.
 */
export const LOCAL_PASSIVE_HEALTH = { maxFails: 1, failTimeoutS: 2 } as const;

/** Internal address of worker `slot`: loopback only, never reachable from outside the machine. */
export const workerAddress = (config: Pick<ProdConfig, 'workerPortBase'>, slot: number) =>
  `127.0.0.1:${config.workerPortBase + slot}`;

/** Every directory from / down to `dir` lets others through (o+x): an unprivileged nginx worker can reach it. */
function traversable(dir: string): boolean {
  const parts = path.resolve(dir).split(path.sep).filter(Boolean);
  for (let i = 0; i <= parts.length; i++) {
    const at = path.sep + parts.slice(0, i).join(path.sep);
    try {
      if ((statSync(at).mode & 0o001) === 0) return false;
    } catch {
      return true; // not created yet: made with the default umask
    }
  }
  return true;
}

/**
 * nginx started by root drops its workers to an unprivileged user (www-data), which must reach the
 * built assets and DATA_DIR/uploads; a checkout under a private directory (/root) keeps them root.
 * Started by anyone else nginx needs no `user` directive. Production runs it unprivileged (Dockerfile).
 */
function workerUser(config: ProdConfig, root: string, log?: (msg: string) => void): string[] {
  if (process.getuid?.() !== 0) return [];
  if (traversable(root) && traversable(config.dataDir)) return ['user www-data;'];
  log?.(`nginx workers run as root: ${root} or ${config.dataDir} is not reachable by www-data`);
  return ['user root;'];
}

/**
 * Writes RUN_DIR/nginx.conf (foreground master, pid and temp files in RUN_DIR, logs to stderr) and
 * RUN_DIR/portal.conf: the route table's config (packages/routes), upstream = the workers.
 */
export function writeNginxConfig(config: ProdConfig, root: string, log?: (msg: string) => void): NginxFiles {
  const { runDir } = config;
  mkdirSync(path.join(runDir, 'logs'), { recursive: true });
  const site = path.join(runDir, 'portal.conf');
  writeFileSync(
    site,
    nginxConfig({
      root,
      dataDir: config.dataDir,
      gateways: Array.from({ length: config.workers }, (_, slot) => workerAddress(config, slot)),
      serverName: config.serverName,
      // HTTPS: nginx terminates TLS itself, so $scheme (X-Forwarded-Proto) and the peer are right.
      listen: `${config.host}:${config.port}${config.tls ? ' ssl http2' : ''}`,
      passiveHealth: LOCAL_PASSIVE_HEALTH,
      realIpFrom: config.realIpFrom,
      // With the other temporary files; none when the workers let nginx keep no page.
      pageCacheDir: config.nginxPageCacheS > 0 ? path.join(runDir, 'page-cache') : undefined,
    }),
  );
  const main = path.join(runDir, 'nginx.conf');
  writeFileSync(
    main,
    nginxMainConfig({
      header: [
        '# Written by npm run start:prod on every start (apps/gateway/src/prod/nginx.ts): edit that, not this.',
      ],
      runDir,
      main: workerUser(config, root, log),
      http: config.tls
        ? [
            `ssl_certificate ${config.tls.cert};`,
            `ssl_certificate_key ${config.tls.key};`,
            'ssl_protocols TLSv1.2 TLSv1.3;',
            'ssl_session_cache shared:portal_tls:10m;',
            'ssl_session_timeout 1d;',
          ]
        : [],
      site: [`include ${site};`],
    }),
  );
  return { main, site };
}

/** `nginx -t` of the written files: a bad config stops the start with nginx's own message. */
export function testNginxConfig(bin: string, files: NginxFiles, runDir: string): void {
  const res = spawnSync(bin, ['-t', '-q', '-p', runDir, '-c', files.main, '-e', 'stderr'], {
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`nginx -t failed:\n${res.stderr || res.error?.message || ''}`);
}

/**
 * nginx from Debian's packages when it is missing (as scripts/test.sh installs Chromium): only for
 * the default path and only as root; otherwise the error says what to install.
 */
export function ensureNginx(bin: string, log: (msg: string) => void): void {
  if (existsSync(bin)) return;
  if (bin !== '/usr/sbin/nginx' || process.getuid?.() !== 0) {
    throw new Error(`nginx not found at ${bin}: install it (apt-get install nginx) or set NGINX_BIN`);
  }
  log('installing nginx from Debian packages (apt-get install nginx)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  if (update.status !== 0 || install.status !== 0 || !existsSync(bin)) {
    throw new Error('apt-get install nginx failed: install nginx and start again');
  }
}
