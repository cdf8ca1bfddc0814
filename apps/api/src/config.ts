import { createHash } from 'node:crypto';

/** Everything the API reads from the environment (brief: agreed interface). */
export interface ApiConfig {
  /** Port of the standalone server (src/server.ts). */
  port: number;
  host: string;
  /** SQLite file and uploads live here unless DATABASE_URL is set. */
  dataDir: string;
  /** PostgreSQL when set. */
  databaseUrl?: string;
  /** Shared rate-limit counters when set. */
  redisUrl?: string;
  /** The public client credential the front ends send to accessToken. */
  clientId: string;
  clientSecret: string;
  /** HMAC key of access tokens. */
  tokenSecret: string;
  /** pino level; 'silent' turns logging off (tests). */
  logLevel: string;
  /** Seed an empty database on start. */
  seed: boolean;
  /** Lifetime of anonymous read cache entries (0 disables the cache). */
  cacheTtlMs: number;
  /** Trust X-Forwarded-For from any proxy (TRUST_PROXY=1), else only from loopback (the gateway). */
  trustProxy: boolean;
  /** SMS codes sent per day across all phones (SMS_DAILY_CAP). */
  smsDailyCap: number;
}

export const DEFAULT_CLIENT_ID = 'portal-web';
export const DEFAULT_CLIENT_SECRET = 'portal-dev-secret';

/** Reads ApiConfig from env; `overrides` win (tests, the gateway). */
export function loadConfig(
  overrides: Partial<ApiConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): ApiConfig {
  const clientSecret = overrides.clientSecret ?? env.CLIENT_SECRET ?? DEFAULT_CLIENT_SECRET;
  const base: ApiConfig = {
    port: Number(env.API_PORT ?? env.PORT ?? 3001),
    host: env.API_HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    clientId: env.CLIENT_ID ?? DEFAULT_CLIENT_ID,
    clientSecret,
    // Without TOKEN_SECRET the key derives from the client secret, so every process (and a
    // restart) accepts the same tokens; production sets TOKEN_SECRET.
    tokenSecret:
      env.TOKEN_SECRET || createHash('sha256').update(`portal-access-token:${clientSecret}`).digest('hex'),
    logLevel: env.LOG_LEVEL ?? 'info',
    seed: env.SEED !== '0',
    cacheTtlMs: Number(env.API_CACHE_TTL_MS ?? 2000),
    trustProxy: env.TRUST_PROXY === '1',
    smsDailyCap: Number(env.SMS_DAILY_CAP ?? 2000),
  };
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  return { ...base, ...defined };
}
