import { z } from 'zod';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '@portal/api-client/constants';
import {
  assertNoIssues,
  intVar,
  isProduction,
  issuesOf,
  logLevelVar,
  nodeEnvVar,
  optionalPortVar,
  originVar,
  portVar,
  productionSecretIssues,
  stringVar,
  trustProxyVar,
  urlVar,
  type ConfigIssue,
} from '@portal/config';
import type { CdnRule } from './cdn';
import type { PublicOrigins } from './origins';
import type { PageCacheRules } from './parts/page-cache';
import type { RenderLimits } from './render-limiter';
import { DEFAULT_SHARE_IMAGE } from './share-image';

/**
 * The gateway's one configuration module (DESIGN.md section 2): every variable it reads, checked
 * at start with its default written once (.env.example at the repo root explains each). The
 * in-process API gets the shared settings from here (gateway.ts), and reads only its own
 * (database, Redis, secrets, SMS) through the API's config module.
 */
export interface GatewayConfig {
  /** NODE_ENV ("development" when unset); "production" requires secrets and PUBLIC_ORIGIN. */
  nodeEnv: string;
  /** React Router's server mode: NODE_ENV as given, "production" when unset (no error details in pages). */
  renderMode: string;
  port: number;
  host: string;
  /** Uploads are served from DATA_DIR/uploads; the in-process API keeps its database here too. */
  dataDir: string;
  /** When set, /api/* is proxied to this origin instead of hosting the API in-process. */
  apiUrl?: string;
  clientId: string;
  clientSecret: string;
  /**
   * Anonymous GET HTML is cached per app + origin + host + path + query + width + consent (0 turns
   * every page cache off). When the gateway cannot hear content changes (the API on API_URL), a page
   * stays fresh this long; otherwise `pageCache.maxAgeMs` applies.
   */
  microCacheMs: number;
  /** The page cache shared by workers and hosts (Redis) and its rules (page-cache.ts). */
  pageCache: PageCacheRules;
  /** What a CDN in front may keep of a shareable page (cdn.ts). */
  cdn: CdnRule;
  /**
   * How long nginx in front (start:prod, deploy/nginx.conf) keeps a shareable anonymous page, in
   * seconds; 0: it keeps none, and start:prod's nginx runs without its page cache (nginx-page.ts).
   */
  nginxPageCacheS: number;
  /** The overload rule: renders admitted at once, waiting, and for how long (render-limiter.ts). */
  renderLimits: RenderLimits;
  logLevel: string;
  /** Proxies (addresses / CIDRs) whose X-Forwarded-For is believed; loopback by default. */
  trustProxy: readonly string[];
  /** How long SIGTERM waits for requests in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Where absolute URLs point (canonical, og:url, JSON-LD), and the hosts pages are served on. */
  publicOrigins: PublicOrigins;
  /** The site's share picture (PNG or JPEG file): og:image of pages without a picture of their own. */
  shareImage: string;
  /** Prometheus metrics on 127.0.0.1:metricsPort/metrics (off when unset); start:prod gives worker i METRICS_PORT + i. */
  metricsPort?: number;
}

/**
 * A page showing content changed this long ago is rendered again before it is served, never stale.
 * 0: a reader who arrives after a change was heard never sees the old page (an editor who publishes
 * and opens the list sees the new item); a burst of such readers still waits on one render. A
 * change reaches every process within the second of the database poll: the 2 s rule of DESIGN.md
 * section 9. (Tests set a longer span to check the stale path.)
 */
const AFTER_CHANGE_MS = 0;

const GatewayEnv = z.object({
  NODE_ENV: nodeEnvVar,
  PORT: portVar(8080),
  HOST: stringVar('0.0.0.0'),
  DATA_DIR: stringVar('./data'),
  API_URL: urlVar(['http', 'https']),
  CLIENT_ID: stringVar(DEFAULT_CLIENT_ID),
  CLIENT_SECRET: stringVar(DEFAULT_CLIENT_SECRET),
  MICRO_CACHE_MS: intVar(1000, 0, 60_000),
  PAGE_CACHE_MAX_AGE_MS: intVar(60_000, 1000, 86_400_000),
  PAGE_CACHE_STALE_MS: intVar(600_000, 0, 86_400_000),
  PAGE_CACHE_WAIT_MS: intVar(2000, 0, 60_000),
  CDN_S_MAXAGE: intVar(60, 0, 31_536_000),
  CDN_STALE_S: intVar(600, 0, 31_536_000),
  NGINX_PAGE_CACHE_S: intVar(1, 0, 60),
  RENDER_CONCURRENCY: intVar(1, 1, 1024),
  RENDER_QUEUE: intVar(16, 0, 100_000),
  RENDER_QUEUE_WAIT_MS: intVar(500, 0, 60_000),
  RENDER_SHARE_PERCENT: intVar(100, 1, 100),
  LOG_LEVEL: logLevelVar,
  TRUST_PROXY: trustProxyVar,
  PUBLIC_ORIGIN: originVar,
  PUBLIC_MOBILE_ORIGIN: originVar,
  SHUTDOWN_TIMEOUT_MS: intVar(30_000, 0, 600_000),
  METRICS_PORT: optionalPortVar,
  SHARE_IMAGE: stringVar(DEFAULT_SHARE_IMAGE),
});

/** Every environment variable the gateway reads (the .env.example drift test checks it lists them all). */
export const GATEWAY_VARIABLES: readonly string[] = Object.keys(GatewayEnv.shape);

/** Reads the gateway's configuration; throws a ConfigError naming every bad or missing variable. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = GatewayEnv.safeParse(env);
  const issues: ConfigIssue[] = parsed.success ? [] : issuesOf(parsed.error);
  if (isProduction(env.NODE_ENV)) {
    const secrets = {
      TOKEN_SECRET: env.TOKEN_SECRET?.trim() || undefined,
      CLIENT_SECRET: env.CLIENT_SECRET?.trim() || undefined,
    };
    // The gateway buys tokens with the client secret; hosting the API, it needs the token secret too.
    issues.push(
      ...productionSecretIssues(secrets, env.API_URL ? ['CLIENT_SECRET'] : ['TOKEN_SECRET', 'CLIENT_SECRET']),
    );
    if (!env.PUBLIC_ORIGIN?.trim()) {
      issues.push({
        variable: 'PUBLIC_ORIGIN',
        message: 'is required when NODE_ENV=production (e.g. https://www.example.com)',
      });
    }
  }
  assertNoIssues('gateway', issues);
  const e = parsed.data!;
  // Development: both apps on http://localhost:PORT unless configured.
  const desktop = e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
  return {
    nodeEnv: e.NODE_ENV,
    renderMode: env.NODE_ENV?.trim() || 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    apiUrl: e.API_URL,
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    microCacheMs: e.MICRO_CACHE_MS,
    pageCache: {
      maxAgeMs: e.PAGE_CACHE_MAX_AGE_MS,
      staleMs: e.PAGE_CACHE_STALE_MS,
      waitMs: e.PAGE_CACHE_WAIT_MS,
      afterChangeMs: AFTER_CHANGE_MS,
    },
    cdn: { sMaxAge: e.CDN_S_MAXAGE, staleSeconds: e.CDN_STALE_S },
    nginxPageCacheS: e.NGINX_PAGE_CACHE_S,
    renderLimits: {
      concurrency: e.RENDER_CONCURRENCY,
      queue: e.RENDER_QUEUE,
      maxWaitMs: e.RENDER_QUEUE_WAIT_MS,
      maxShare: e.RENDER_SHARE_PERCENT / 100,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsPort: e.METRICS_PORT,
    shareImage: e.SHARE_IMAGE,
    publicOrigins: {
      desktop,
      mobile: e.PUBLIC_MOBILE_ORIGIN ?? desktop,
      configured: e.PUBLIC_ORIGIN !== undefined,
    },
  };
}
