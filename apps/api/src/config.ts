import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from '@portal/api-client/constants';
import {
  adminSessionMaxAgeVar,
  assertNoIssues,
  dataDirTokenSecret,
  defaultDecodeConcurrency,
  enumVar,
  flagVar,
  intVar,
  isProduction,
  issuesOf,
  logLevelVar,
  nodeEnvVar,
  optionalVar,
  originVar,
  portVar,
  productionSecretIssues,
  productionSmsIssues,
  seedsDemo,
  seedVar,
  storageUrlVar,
  stringVar,
  trustProxyVar,
  urlListVar,
  urlVar,
  WECHAT_VARIABLES,
  wechatIssues,
  wechatSettings,
  type ConfigIssue,
  type S3StorageSettings,
  type TrustProxySetting,
  type WechatSettings,
} from '@portal/config';
import { STATS_MAX_RANGE_DAYS } from '@portal/api-client/stats';
import { URLS_PER_FILE } from './lib/sitemap';
import { SEARCH_PUSH_PROVIDER_VARIABLES, type SearchPushEnv } from './lib/search-push';
import type { MailEnv } from './lib/mail/provider';
import { CDN_PURGE_PROVIDER_VARIABLES, type CdnPurgeEnv } from './lib/cdn-purge';
import {
  providerNames,
  providerVariables,
  type ProviderEnv,
  type ProviderVariables,
} from './lib/provider-choice';
import { SMS_PROVIDER_VARIABLES, type SmsEnv } from './lib/sms';

/** The gateway's port when PUBLIC_ORIGIN is unset (development): pages are served there. */
const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';

/**
 * The API's one configuration module: every environment variable it reads is named here, checked
 * at start, and given its default once (.env.example at the repo root explains each).
 */

/** Everything the API reads from the environment. */
export interface ApiConfig {
  /** NODE_ENV; "production" requires real secrets and seeds nothing unless SEED=demo. */
  nodeEnv: string;
  /** Port of the standalone server (src/server.ts). */
  port: number;
  host: string;
  /** SQLite file and uploads live here unless DATABASE_URL is set. */
  dataDir: string;
  /** PostgreSQL when set. */
  databaseUrl?: string;
  /** STORAGE_URL: uploads in an S3-compatible store when set, under DATA_DIR otherwise. */
  storage?: S3StorageSettings;
  /** Largest PostgreSQL pool. */
  pgPoolMax: number;
  /** PostgreSQL statement_timeout of request queries in ms (PG_STATEMENT_TIMEOUT_MS; 0 = none). */
  statementTimeoutMs: number;
  /**
   * Streaming replicas of DATABASE_URL that serve public reads (DATABASE_REPLICA_URLS; none: []),
   * skipped when more than maxLagMs behind (DATABASE_REPLICA_MAX_LAG_MS), measured every checkMs
   * (DATABASE_REPLICA_CHECK_MS).
   */
  replicas: { urls: string[]; maxLagMs: number; checkMs: number };
  /** Shared rate-limit counters when set. */
  redisUrl?: string;
  /** The public client credential the front ends send to accessToken. */
  clientId: string;
  clientSecret: string;
  /** HMAC key of access tokens, slider proofs and SMS code hashes; never derived from the client secret. */
  tokenSecret: string;
  /** pino level; 'silent' turns logging off (tests). */
  logLevel: string;
  /** Seed an empty database with the demo content on start. */
  seed: boolean;
  /** Lifetime of anonymous read cache entries (0 disables the cache). */
  cacheTtlMs: number;
  /**
   * Whose X-Forwarded-For is believed: the proxies' addresses / CIDRs (TRUST_PROXY), or
   * BEHIND_GATEWAY when the gateway hosts the API and hands over the address it determined.
   */
  trustProxy: TrustProxySetting;
  /** Verification codes sent per day across all phones. */
  smsDailyCap: number;
  /** SMS_PROVIDER and its credentials. */
  sms: SmsEnv;
  /**
   * SMS_OUTBOX_IN_PRODUCTION: a production-mode staging host may keep the outbox (codes go to its
   * file only, never to a log line); production refuses the outbox without it.
   */
  smsOutboxInProduction: boolean;
  /**
   * Where the portal's pages are (PUBLIC_ORIGIN, PUBLIC_MOBILE_ORIGIN): absolute URLs in the
   * sitemaps and the search engine push. The gateway hands the in-process API its own.
   */
  publicOrigins: { desktop: string; mobile: string };
  /** SEARCH_PUSH_PROVIDER and its credentials (the push of new and changed article URLs). */
  searchPush: SearchPushEnv;
  /** How often queued article URLs are pushed, in ms (SEARCH_PUSH_INTERVAL_MS; 0: never in the background). */
  searchPushIntervalMs: number;
  /** CDN_PURGE_PROVIDER and its credentials (the purge of changed pages at the CDN). */
  cdnPurge: CdnPurgeEnv;
  /** How often queued CDN purges are sent, in ms (CDN_PURGE_INTERVAL_MS; 0: never in the background). */
  cdnPurgeIntervalMs: number;
  /** URLs per article sitemap file (SITEMAP_URLS_PER_FILE; the protocol's limit is 50,000). */
  sitemapUrlsPerFile: number;
  /** Days the daily reader statistics are kept (STATS_RETENTION_DAYS; 0: no daily rows are counted). */
  statsRetentionDays: number;
  /** WECHAT_APP_ID / WECHAT_APP_SECRET / WECHAT_API_ORIGIN: share cards inside WeChat; off when unset. */
  wechat?: WechatSettings;
  /** SMTP_URL / MAIL_FROM: the newsletter over SMTP; the outbox (DATA_DIR/mail-outbox) when SMTP_URL is unset. */
  mail: MailEnv;
  /** Newsletter messages sent per minute by one process (NEWSLETTER_RATE_PER_MIN). */
  newsletterRatePerMin: number;
  /** How often a process looks for newsletter deliveries to send, in ms (NEWSLETTER_INTERVAL_MS; 0: never in the background). */
  newsletterIntervalMs: number;
  /** Uploaded images decoded at once in this process (IMAGE_DECODE_CONCURRENCY; lib/decode-queue.ts). */
  imageDecodeConcurrency: number;
  /** Decodes that may wait for a slot before uploads are answered 10503 (IMAGE_DECODE_QUEUE). */
  imageDecodeQueue: number;
  /** Absolute lifetime of a back-office session in ms (ADMIN_SESSION_MAX_AGE_HOURS, default 7 days). */
  adminSessionMaxAgeMs: number;
}

const SMS_PROVIDERS = providerNames(SMS_PROVIDER_VARIABLES);
const SMS_VARIABLES = providerVariables(SMS_PROVIDER_VARIABLES);
const PUSH_PROVIDERS = providerNames(SEARCH_PUSH_PROVIDER_VARIABLES);
const PURGE_PROVIDERS = providerNames(CDN_PURGE_PROVIDER_VARIABLES);
const PURGE_VARIABLES = providerVariables(CDN_PURGE_PROVIDER_VARIABLES);
/** The providers' API origins (a test's fake, or a proxy): no path. */
const PURGE_ORIGIN_VARIABLES = new Set<string>(['ALIYUN_CDN_API_ORIGIN', 'TENCENT_CDN_API_ORIGIN']);
const PUSH_VARIABLES = providerVariables(SEARCH_PUSH_PROVIDER_VARIABLES);

/** A service's provider setting and its providers' variables, out of the parsed environment. */
const providerSettings = <S extends string, T extends ProviderVariables<string>>(
  setting: S,
  table: T,
  e: object,
): ProviderEnv<S, T> =>
  Object.fromEntries(
    [setting, ...providerVariables(table)].map((n) => [n, (e as Record<string, unknown>)[n]]),
  ) as ProviderEnv<S, T>;

/** No page needs a query longer than this; one that runs longer is stopped and answered 10503. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/** Replicas one process reads from at most (each has its own pool of PG_POOL_MAX connections). */
const MAX_REPLICAS = 16;

/** Decodes that may wait for a slot (bench/results/soak-images.md: 2 slots and 16 waiting on 2 cores). */
const DEFAULT_IMAGE_DECODE_QUEUE = 16;

const ApiVariables = z.object({
  NODE_ENV: nodeEnvVar,
  API_PORT: portVar(3001),
  API_HOST: stringVar('0.0.0.0'),
  DATA_DIR: stringVar('./data'),
  DATABASE_URL: urlVar(['postgres', 'postgresql']),
  PG_POOL_MAX: intVar(10, 1, 1000),
  PG_STATEMENT_TIMEOUT_MS: intVar(DEFAULT_STATEMENT_TIMEOUT_MS, 0, 3_600_000),
  DATABASE_REPLICA_URLS: urlListVar(['postgres', 'postgresql'], MAX_REPLICAS),
  DATABASE_REPLICA_MAX_LAG_MS: intVar(5000, 100, 600_000),
  DATABASE_REPLICA_CHECK_MS: intVar(500, 50, 60_000),
  REDIS_URL: urlVar(['redis', 'rediss']),
  STORAGE_URL: storageUrlVar,
  CLIENT_ID: stringVar(DEFAULT_CLIENT_ID),
  CLIENT_SECRET: stringVar(DEFAULT_CLIENT_SECRET),
  TOKEN_SECRET: optionalVar,
  LOG_LEVEL: logLevelVar,
  SEED: seedVar,
  API_CACHE_TTL_MS: intVar(2000, 0, 3_600_000),
  TRUST_PROXY: trustProxyVar,
  PUBLIC_ORIGIN: originVar,
  PUBLIC_MOBILE_ORIGIN: originVar,
  SITEMAP_URLS_PER_FILE: intVar(URLS_PER_FILE, 1, URLS_PER_FILE),
  ADMIN_SESSION_MAX_AGE_HOURS: adminSessionMaxAgeVar,
  STATS_RETENTION_DAYS: intVar(STATS_MAX_RANGE_DAYS, 0, 3650),
  SMS_DAILY_CAP: intVar(2000, 0, 10_000_000),
  SMS_PROVIDER: enumVar(SMS_PROVIDERS, 'outbox'),
  SMS_OUTBOX_IN_PRODUCTION: flagVar(false),
  ...Object.fromEntries(SMS_VARIABLES.map((name) => [name, optionalVar])),
  SEARCH_PUSH_PROVIDER: enumVar(PUSH_PROVIDERS, 'outbox'),
  SEARCH_PUSH_INTERVAL_MS: intVar(5000, 0, 86_400_000),
  IMAGE_DECODE_CONCURRENCY: intVar(defaultDecodeConcurrency(), 1, 256),
  IMAGE_DECODE_QUEUE: intVar(DEFAULT_IMAGE_DECODE_QUEUE, 0, 10_000),
  ...Object.fromEntries(PUSH_VARIABLES.map((name) => [name, optionalVar])),
  CDN_PURGE_PROVIDER: enumVar(PURGE_PROVIDERS, 'outbox'),
  CDN_PURGE_INTERVAL_MS: intVar(5000, 0, 86_400_000),
  ...Object.fromEntries(
    PURGE_VARIABLES.map((name) => [name, PURGE_ORIGIN_VARIABLES.has(name) ? originVar : optionalVar]),
  ),
  ...WECHAT_VARIABLES,
  SMTP_URL: urlVar(['smtp', 'smtps']),
  MAIL_FROM: optionalVar,
  NEWSLETTER_RATE_PER_MIN: intVar(600, 1, 1_000_000),
  NEWSLETTER_INTERVAL_MS: intVar(5000, 0, 86_400_000),
});

/** Every environment variable the API reads (the .env.example drift test checks it lists them all). */
export const API_VARIABLES: readonly string[] = Object.keys(ApiVariables.shape);

const ApiEnv = ApiVariables.superRefine((env, ctx) => {
  for (const message of replicaIssues(env)) {
    ctx.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URLS'], message });
  }
  // A half-configured provider must not silently drop work (codes, pushed URLs, purges): name
  // every missing credential.
  const requireOf = (setting: string, value: string, required: readonly string[]) => {
    for (const name of required) {
      if (!(env as Record<string, unknown>)[name])
        ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${setting}=${value}` });
    }
  };
  requireOf('SMS_PROVIDER', env.SMS_PROVIDER, SMS_PROVIDER_VARIABLES[env.SMS_PROVIDER].required);
  requireOf(
    'SEARCH_PUSH_PROVIDER',
    env.SEARCH_PUSH_PROVIDER,
    SEARCH_PUSH_PROVIDER_VARIABLES[env.SEARCH_PUSH_PROVIDER].required,
  );
  requireOf(
    'CDN_PURGE_PROVIDER',
    env.CDN_PURGE_PROVIDER,
    CDN_PURGE_PROVIDER_VARIABLES[env.CDN_PURGE_PROVIDER].required,
  );
  // A provider's own endpoint carries its credential (Baidu's token) or the code (Aliyun's signed
  // query) in the URL: never over plain http.
  for (const name of ['ALIYUN_SMS_ENDPOINT', 'BAIDU_PUSH_ENDPOINT'] as const) {
    const value = (env as Record<string, unknown>)[name];
    if (typeof value === 'string' && !isHttpsUrl(value)) {
      ctx.addIssue({ code: 'custom', path: [name], message: `must be an https URL, got "${value}"` });
    }
  }
  // The sender of every newsletter: an address the SMTP service has verified (a display name may wrap it).
  if (env.MAIL_FROM && !MAIL_FROM_PATTERN.test(env.MAIL_FROM)) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_FROM'],
      message: `must be an email address, got "${env.MAIL_FROM}"`,
    });
  }
  for (const issue of wechatIssues(env)) {
    ctx.addIssue({ code: 'custom', path: [issue.variable], message: issue.message });
  }
});

/** What DATABASE_REPLICA_URLS cannot mean: replicas without a primary, or the primary itself. */
function replicaIssues(env: z.infer<typeof ApiVariables>): string[] {
  const urls = env.DATABASE_REPLICA_URLS;
  if (urls.length === 0) return [];
  if (!env.DATABASE_URL) return ['needs DATABASE_URL (the primary that the replicas stream from)'];
  const issues = urls.includes(env.DATABASE_URL) ? ['names DATABASE_URL itself: list its replicas only'] : [];
  if (env.DATABASE_REPLICA_CHECK_MS >= env.DATABASE_REPLICA_MAX_LAG_MS) {
    issues.push('DATABASE_REPLICA_CHECK_MS must be below DATABASE_REPLICA_MAX_LAG_MS, or lag goes unseen');
  }
  return issues;
}

/** `name@host` or `Name <name@host>`. */
const MAIL_FROM_PATTERN =
  /^(?:[^<>\r\n]{0,100}<[^\s<>@]{1,64}@[^\s<>@]{1,255}>|[^\s<>@]{1,64}@[^\s<>@]{1,255})$/;

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** API_PORT, else PORT (the standalone API run on its own). */
const withPort = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({
  ...env,
  API_PORT: env.API_PORT ?? env.PORT,
});

/**
 * Reads ApiConfig from env; `overrides` win (tests, and the gateway, which passes its own view of
 * the shared settings to the in-process API). Throws a ConfigError naming every bad variable.
 */
export function loadConfig(
  overrides: Partial<ApiConfig> = {},
  env: NodeJS.ProcessEnv = process.env,
): ApiConfig {
  const parsed = ApiEnv.safeParse(withPort(env));
  // A bad port read from PORT is reported under PORT.
  const named = (i: ConfigIssue) =>
    i.variable === 'API_PORT' && env.API_PORT === undefined ? { ...i, variable: 'PORT' } : i;
  const issues: ConfigIssue[] = parsed.success ? [] : issuesOf(parsed.error).map(named);
  const nodeEnv = overrides.nodeEnv ?? env.NODE_ENV ?? 'development';
  const tokenSecret = overrides.tokenSecret ?? (env.TOKEN_SECRET?.trim() || undefined);
  if (isProduction(nodeEnv)) {
    issues.push(
      ...productionSecretIssues(
        {
          TOKEN_SECRET: tokenSecret,
          CLIENT_SECRET: overrides.clientSecret ?? (env.CLIENT_SECRET?.trim() || undefined),
        },
        ['TOKEN_SECRET', 'CLIENT_SECRET'],
      ),
    );
    if (parsed.success && parsed.data.SMTP_URL && !parsed.data.MAIL_FROM) {
      // Without it the messages would go out from newsletter@localhost, which every receiver refuses.
      issues.push({ variable: 'MAIL_FROM', message: 'is required with SMTP_URL when NODE_ENV=production' });
    }
    if (parsed.success) {
      issues.push(
        ...productionSmsIssues(
          overrides.sms?.SMS_PROVIDER ?? parsed.data.SMS_PROVIDER,
          overrides.smsOutboxInProduction ?? parsed.data.SMS_OUTBOX_IN_PRODUCTION,
        ),
      );
    }
  }
  assertNoIssues('api', issues);
  const e = parsed.data!;
  const base: Omit<ApiConfig, 'tokenSecret'> = {
    nodeEnv,
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    pgPoolMax: e.PG_POOL_MAX,
    statementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
    replicas: {
      urls: e.DATABASE_REPLICA_URLS,
      maxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
      checkMs: e.DATABASE_REPLICA_CHECK_MS,
    },
    redisUrl: e.REDIS_URL,
    storage: e.STORAGE_URL,
    clientId: e.CLIENT_ID,
    clientSecret: e.CLIENT_SECRET,
    logLevel: e.LOG_LEVEL,
    seed: seedsDemo(e.SEED, nodeEnv),
    cacheTtlMs: e.API_CACHE_TTL_MS,
    trustProxy: e.TRUST_PROXY,
    smsDailyCap: e.SMS_DAILY_CAP,
    smsOutboxInProduction: e.SMS_OUTBOX_IN_PRODUCTION,
    publicOrigins: {
      desktop: e.PUBLIC_ORIGIN ?? DEFAULT_PUBLIC_ORIGIN,
      mobile: e.PUBLIC_MOBILE_ORIGIN ?? e.PUBLIC_ORIGIN ?? DEFAULT_PUBLIC_ORIGIN,
    },
    sitemapUrlsPerFile: e.SITEMAP_URLS_PER_FILE,
    statsRetentionDays: e.STATS_RETENTION_DAYS,
    wechat: wechatSettings(e),
    mail: { SMTP_URL: e.SMTP_URL, MAIL_FROM: e.MAIL_FROM },
    newsletterRatePerMin: e.NEWSLETTER_RATE_PER_MIN,
    newsletterIntervalMs: e.NEWSLETTER_INTERVAL_MS,
    adminSessionMaxAgeMs: e.ADMIN_SESSION_MAX_AGE_HOURS,
    searchPushIntervalMs: e.SEARCH_PUSH_INTERVAL_MS,
    cdnPurgeIntervalMs: e.CDN_PURGE_INTERVAL_MS,
    cdnPurge: providerSettings('CDN_PURGE_PROVIDER', CDN_PURGE_PROVIDER_VARIABLES, e),
    imageDecodeConcurrency: e.IMAGE_DECODE_CONCURRENCY,
    imageDecodeQueue: e.IMAGE_DECODE_QUEUE,
    searchPush: providerSettings('SEARCH_PUSH_PROVIDER', SEARCH_PUSH_PROVIDER_VARIABLES, e),
    sms: providerSettings('SMS_PROVIDER', SMS_PROVIDER_VARIABLES, e),
  };
  const merged = { ...base, ...defined(overrides) };
  // Development without TOKEN_SECRET: a random secret kept in DATA_DIR (see dataDirTokenSecret).
  return { ...merged, tokenSecret: tokenSecret ?? dataDirTokenSecret(merged.dataDir) };
}

/** What the CLIs (`pnpm seed`, `pnpm admin`) need: the database, nothing secret. */
export interface ToolConfig {
  dataDir: string;
  databaseUrl?: string;
  pgPoolMax: number;
  storage?: S3StorageSettings;
}

/**
 * The CLIs run in apps/api through pnpm: a relative DATA_DIR means the directory the command was
 * typed in (INIT_CWD, set by pnpm), where the server is started from, not apps/api.
 */
export function loadToolConfig(
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): ToolConfig {
  const parsed = ApiVariables.pick({
    DATA_DIR: true,
    DATABASE_URL: true,
    PG_POOL_MAX: true,
    STORAGE_URL: true,
  }).safeParse(env);
  if (!parsed.success) assertNoIssues('api tools', issuesOf(parsed.error));
  const e = parsed.data!;
  return {
    dataDir: path.resolve(env.INIT_CWD ?? cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    pgPoolMax: e.PG_POOL_MAX,
    storage: e.STORAGE_URL,
  };
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
