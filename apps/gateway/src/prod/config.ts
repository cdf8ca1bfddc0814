import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  assertNoIssues,
  ConfigError,
  flagVar,
  intVar,
  isProduction,
  optionalVar,
  issuesOf,
  portVar,
  productionSmsIssues,
  seedsDemo,
  seedVar,
  stringVar,
  SMS_OUTBOX_IN_PRODUCTION,
  type ConfigIssue,
} from '@portal/config';
import { parseRealIpFrom } from '@portal/routes';
import { loadGatewayConfig } from '../config';

/**
 * The configuration of `npm run start:prod` (the supervisor): its own variables, checked at start
 * like every process's (.env.example explains each). The workers read theirs through the gateway's
 * and the API's config modules; the supervisor loads the gateway's too, so a missing production
 * secret stops the start before any migration runs.
 */
export interface ProdConfig {
  /** nginx listens here (PORT, default 8080). */
  port: number;
  /** nginx's listen address (NGINX_HOST, default 0.0.0.0). */
  host: string;
  /** Gateway workers (WEB_CONCURRENCY, default the number of cores). */
  workers: number;
  /** Worker i listens on 127.0.0.1:(workerPortBase + i) (WORKER_PORT_BASE, default PORT + 1000). */
  workerPortBase: number;
  /** Absolute DATA_DIR, handed to every child. */
  dataDir: string;
  /** nginx's config, pid and temp files, and the supervisor's state (RUN_DIR, default ./run). */
  runDir: string;
  /** The nginx binary (NGINX_BIN; installed from apt when missing and this is the default path). */
  nginxBin: string;
  /** server_name of the generated config (NGINX_SERVER_NAME, default `_`: any host). */
  serverName: string;
  /** Run `pnpm seed` after the migrations (SEED=demo; never by default in production). */
  seedDemo: boolean;
  /** HTTPS on PORT with this certificate chain and key (NGINX_TLS_CERT / NGINX_TLS_KEY, PEM files). */
  tls?: { cert: string; key: string };
  /** Load balancers in front whose X-Forwarded-For nginx believes (NGINX_REAL_IP_FROM: addresses / CIDRs). */
  realIpFrom: string[];
  /** How long a worker may take to answer /readyz after it starts (READY_TIMEOUT_MS). */
  readyTimeoutMs: number;
  /** How long a stopping worker may drain before it is killed (SHUTDOWN_TIMEOUT_MS + a margin). */
  shutdownTimeoutMs: number;
  /**
   * Each worker's V8 old-space limit in MB (WORKER_HEAP_MB, default 256): without one, V8 lets the
   * heap grow with load long before it collects, and a worker rendering for 50 connections stood at
   * 440-510 MB resident; with 256 it stays near 300 (bench). Its bounded caches fit well inside.
   */
  workerHeapMb: number;
  /** nginx's page cache: seconds the workers let it keep a page (their NGINX_PAGE_CACHE_S); 0: none. */
  nginxPageCacheS: number;
}

/** Workers of one machine: more than this is a misconfiguration (each holds a database pool). */
export const MAX_WORKERS = 64;

const ProdEnv = z.object({
  PORT: portVar(8080),
  NGINX_HOST: stringVar('0.0.0.0'),
  WEB_CONCURRENCY: intVar(availableParallelism(), 1, MAX_WORKERS),
  WORKER_PORT_BASE: z.string().optional(),
  DATA_DIR: stringVar('./data'),
  RUN_DIR: stringVar('./run'),
  NGINX_BIN: stringVar('/usr/sbin/nginx'),
  NGINX_SERVER_NAME: stringVar('_'),
  SEED: seedVar,
  READY_TIMEOUT_MS: intVar(300_000, 1000, 3_600_000),
  WORKER_HEAP_MB: intVar(256, 128, 16_384),
  NGINX_TLS_CERT: optionalVar,
  NGINX_TLS_KEY: optionalVar,
  NGINX_REAL_IP_FROM: optionalVar,
});

/** Every environment variable the supervisor reads itself (the workers read the gateway's and the API's). */
export const PROD_VARIABLES: readonly string[] = Object.keys(ProdEnv.shape);

/** Reads the supervisor's configuration; throws a ConfigError naming every bad or missing variable. */
export function loadProdConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ProdConfig {
  const parsed = ProdEnv.safeParse(env);
  const issues: ConfigIssue[] = parsed.success ? [] : issuesOf(parsed.error);
  const port = parsed.success ? parsed.data.PORT : 8080;
  const workers = parsed.success ? parsed.data.WEB_CONCURRENCY : 1;
  const base = portVar(port + 1000).safeParse(env.WORKER_PORT_BASE);
  if (!base.success)
    issues.push(...issuesOf(base.error).map((i) => ({ ...i, variable: 'WORKER_PORT_BASE' })));
  else if (base.data + workers - 1 > 65_535 || (port >= base.data && port < base.data + workers)) {
    issues.push({
      variable: 'WORKER_PORT_BASE',
      message: `workers would listen on ${base.data}-${base.data + workers - 1}: outside 1-65535 or on PORT`,
    });
  }
  // The workers' own settings, checked now (production secrets, origins): one message, before
  // migrations touch the database. Their port is an internal one, never PORT.
  let gatewayShutdownMs = 30_000;
  let nginxPageCacheS = 0;
  try {
    const gateway = loadGatewayConfig({ ...env, PORT: String(base.success ? base.data : 1) });
    gatewayShutdownMs = gateway.shutdownTimeoutMs;
    nginxPageCacheS = gateway.nginxPageCacheS;
  } catch (error) {
    if (error instanceof ConfigError) issues.push(...error.issues);
    else throw error;
  }
  // The workers' in-process API refuses the SMS outbox in production too: said now, before
  // migrations, rather than by every worker failing to start.
  if (isProduction(env.NODE_ENV) && !env.API_URL?.trim()) {
    const allowed = flagVar(false).safeParse(env[SMS_OUTBOX_IN_PRODUCTION]);
    if (allowed.success) issues.push(...productionSmsIssues(env.SMS_PROVIDER, allowed.data));
    else issues.push(...issuesOf(allowed.error).map((i) => ({ ...i, variable: SMS_OUTBOX_IN_PRODUCTION })));
  }
  if (parsed.success && !parsed.data.NGINX_TLS_CERT !== !parsed.data.NGINX_TLS_KEY) {
    issues.push({ variable: 'NGINX_TLS_KEY', message: 'NGINX_TLS_CERT and NGINX_TLS_KEY go together' });
  }
  const realIp = parseRealIpFrom(parsed.success ? parsed.data.NGINX_REAL_IP_FROM : undefined);
  for (const source of realIp.bad) {
    issues.push({ variable: 'NGINX_REAL_IP_FROM', message: `"${source}" is not an address or CIDR` });
  }
  assertNoIssues('start:prod supervisor', issues);
  const e = parsed.data!;
  return {
    port: e.PORT,
    host: e.NGINX_HOST,
    workers: e.WEB_CONCURRENCY,
    workerPortBase: base.data!,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    runDir: path.resolve(cwd, e.RUN_DIR),
    nginxBin: e.NGINX_BIN,
    serverName: e.NGINX_SERVER_NAME,
    // SEED unset in production means none; outside production start:prod still seeds only on
    // SEED=demo: it is the production shape, whatever NODE_ENV says.
    seedDemo: e.SEED === 'demo' && seedsDemo(e.SEED, env.NODE_ENV ?? 'development'),
    readyTimeoutMs: e.READY_TIMEOUT_MS,
    workerHeapMb: e.WORKER_HEAP_MB,
    tls:
      e.NGINX_TLS_CERT && e.NGINX_TLS_KEY
        ? { cert: path.resolve(cwd, e.NGINX_TLS_CERT), key: path.resolve(cwd, e.NGINX_TLS_KEY) }
        : undefined,
    realIpFrom: realIp.sources,
    shutdownTimeoutMs: gatewayShutdownMs + 5000,
    nginxPageCacheS,
  };
}
