import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '@portal/api-client/http';

/** What the gateway reads from the environment (DESIGN.md section 2). */
export interface GatewayConfig {
  port: number;
  host: string;
  /** Uploads are served from DATA_DIR/uploads; the in-process API keeps its database here too. */
  dataDir: string;
  /** When set, /api/* is proxied to this origin instead of hosting the API in-process. */
  apiUrl?: string;
  clientId: string;
  clientSecret: string;
  /** Anonymous GET HTML is cached this long per app + path + query (0 disables). */
  microCacheMs: number;
  logLevel: string;
  /** Trust X-Forwarded-* from these proxies (Fastify trustProxy): nginx in front. */
  trustProxy: boolean | string;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const trust = env.TRUST_PROXY;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    apiUrl: env.API_URL || undefined,
    clientId: env.CLIENT_ID || DEFAULT_CLIENT_ID,
    clientSecret: env.CLIENT_SECRET || DEFAULT_CLIENT_SECRET,
    microCacheMs: Number(env.MICRO_CACHE_MS ?? 1000),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: trust === undefined ? 'loopback' : trust === '1' || trust === 'true' ? true : trust === '0' ? false : trust,
  };
}
