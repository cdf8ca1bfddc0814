import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Envelope } from '@portal/api-client/codes';
import { endpoints, type EndpointName } from '@portal/api-client/contract';
import { buildApp, type BuildRuntime } from '../src/app';
import type { ApiConfig } from '../src/config';
import type { Dialect } from '../src/db';

/** SQLite always; PostgreSQL too when DATABASE_URL is set (each run gets its own database). */
export const DIALECTS: Dialect[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Where the abuse limits count: a database and a limiter (memory, or Redis shared by processes). */
export interface Backend {
  name: string;
  dialect: Dialect;
  redis: boolean;
}
/** SQLite with the memory limiter always; PostgreSQL with Redis when DATABASE_URL and REDIS_URL are set. */
export const BACKENDS: Backend[] = [
  { name: 'SQLite with the memory limiter', dialect: 'sqlite', redis: false },
  ...(process.env.DATABASE_URL && process.env.REDIS_URL
    ? [{ name: 'PostgreSQL with Redis', dialect: 'postgres' as const, redis: true }]
    : []),
];
/** The configuration that puts an app on its backend's limiter. */
export const backendConfig = (backend: Backend): Partial<ApiConfig> =>
  backend.redis ? { redisUrl: isolatedRedisUrl() } : {};

let ipSeq = 0;
/**
 * A client address no other request of the test file uses (X-Forwarded-For from loopback is
 * trusted), so one test's per-address limits never refuse another's requests.
 */
export function freshIp(): string {
  ipSeq += 1;
  return `10.${Math.floor(ipSeq / 62500) % 250}.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
}

/**
 * REDIS_URL with a key prefix of its own (ioredis reads `keyPrefix` from the URL's query), so two
 * apps, test files or runs sharing the Redis database never count against each other's keys.
 */
export function isolatedRedisUrl(): string {
  const base = process.env.REDIS_URL;
  if (!base) throw new Error('REDIS_URL is required for Redis tests');
  const url = new URL(base);
  url.searchParams.set('keyPrefix', `test:${randomBytes(6).toString('hex')}:`);
  return url.toString();
}

export const TEST_CLIENT = { id: 'test-client', secret: 'test-secret-0123456789' };
export const TEST_TOKEN_SECRET = 'test-token-secret';

export interface TestDatabase {
  options: Partial<ApiConfig>;
  drop(): Promise<void>;
}

/** A fresh empty database: a temp SQLite directory, or `portal_test_<random>` on the PostgreSQL server. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    return { options: { dataDir, databaseUrl: '' }, drop: async () => removeDir() };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is required for PostgreSQL tests');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { dataDir, databaseUrl: url.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // The app's pool may still be saying goodbye: wait for its sessions rather than kill them
      // (a killed session raises an error in the closing client).
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`drop database if exists ${name}`);
          break;
        } catch (err) {
          if (attempt >= 50) throw err;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
      removeDir();
    },
  };
}

export interface CallOptions {
  /** Bearer token; defaults to a valid one, `null` sends none. */
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  dialect: Dialect;
  /** The configuration the app was built with (a second process on the same database). */
  config: Partial<ApiConfig>;
  token: string;
  /** Calls `/api/{name}` the way the clients do: query for GET, JSON body otherwise. */
  call<T = unknown>(
    name: EndpointName,
    payload?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<Envelope<T>>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestApp(
  dialect: Dialect,
  setup?: (app: FastifyInstance) => Promise<void>,
  overrides: Partial<ApiConfig> = {},
  runtime: BuildRuntime = {},
): Promise<TestApp> {
  return openTestApp(dialect, await createTestDatabase(dialect), setup, overrides, runtime);
}

/** startTestApp on a database the caller made (a private PostgreSQL server); closing it drops `testDb`. */
export async function openTestApp(
  dialect: Dialect,
  testDb: TestDatabase,
  setup?: (app: FastifyInstance) => Promise<void>,
  overrides: Partial<ApiConfig> = {},
  runtime: BuildRuntime = {},
): Promise<TestApp> {
  const config: Partial<ApiConfig> = {
    ...testDb.options,
    seed: false,
    logLevel: 'silent',
    redisUrl: '',
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
    tokenSecret: TEST_TOKEN_SECRET,
    ...overrides,
  };
  const app = await buildApp(config, runtime);
  try {
    if (setup) await setup(app);
  } catch (err) {
    await app.close();
    await testDb.drop();
    throw err;
  }
  const res = await app.inject({ method: 'POST', url: '/api/accessToken', payload: TEST_CLIENT });
  const token = (res.json() as Envelope<{ access_token: string }>).data.access_token;

  const inject = (options: InjectOptions) => app.inject(options);
  const call = async <T>(
    name: EndpointName,
    payload: Record<string, unknown> = {},
    options: CallOptions = {},
  ) => {
    const method = endpoints[name].method;
    const bearer = options.token === undefined ? token : options.token;
    const headers: Record<string, string> = {
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...options.headers,
    };
    const res =
      method === 'GET'
        ? await app.inject({ method, url: `/api/${name}`, query: stringify(payload), headers })
        : await app.inject({ method, url: `/api/${name}`, payload, headers });
    return res.json() as Envelope<T>;
  };
  return {
    app,
    dialect,
    config,
    token,
    call,
    inject,
    close: async () => {
      await app.close();
      await testDb.drop();
    },
  };
}

/** A runtime that collects the app's log lines (start the app with `logLevel: 'info'` to get some). */
export function logCollector(): { lines: string[]; runtime: BuildRuntime } {
  const lines: string[] = [];
  return { lines, runtime: { logStream: { write: (line: string) => void lines.push(line) } } };
}

/** A TestApp that forwards to the one `get` returns, so it can be handed out before that one starts. */
function forwardTo(get: () => TestApp): TestApp {
  return {
    get app() {
      return get().app;
    },
    get dialect() {
      return get().dialect;
    },
    get config() {
      return get().config;
    },
    get token() {
      return get().token;
    },
    call: (name, payload, options) => get().call(name, payload, options),
    inject: (options) => get().inject(options),
    close: () => get().close(),
  };
}

/**
 * The enclosing describe block's app: started (as startTestApp) in its beforeAll, closed in its
 * afterAll. What it returns may be used at once in the block's tests and hooks that follow.
 */
export function useTestApp(
  dialect: Dialect,
  setup?: (app: FastifyInstance) => Promise<void>,
  overrides?: Partial<ApiConfig>,
): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(dialect, setup, overrides);
  });
  afterAll(async () => app?.close());
  return forwardTo(() => {
    if (!app) throw new Error('the test app is used before its beforeAll ran');
    return app;
  });
}

function stringify(payload: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
}

/** A file part of a multipart body (`field` defaults to `file`). */
export interface FilePart {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** A multipart/form-data body with text fields and one file part. */
export function multipart(
  fields: Record<string, string | number>,
  file?: FilePart,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portaltest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
