import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, defaultDecodeConcurrency } from '@portal/config';
import type { Envelope } from '@portal/api-client/codes';
import { DEFAULT_CLIENT_SECRET } from '@portal/api-client/constants';
import { buildApp } from '../src/app';
import { loadConfig, loadToolConfig } from '../src/config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const STRONG = 'a-real-token-secret-0123456789abcdef';
const PROD = {
  NODE_ENV: 'production',
  TOKEN_SECRET: STRONG,
  CLIENT_SECRET: 'a-configured-client-secret',
  // These tests are about secrets and seeding: a staging host's allowance keeps the outbox.
  SMS_OUTBOX_IN_PRODUCTION: '1',
};

/** The message of the ConfigError `run` throws (fails the test when it throws nothing else). */
function configError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('API configuration (issue 12: one validated module)', () => {
  it('names every bad variable at once, never a silent NaN', () => {
    const message = configError(() =>
      loadConfig(
        {},
        {
          DATA_DIR: tempDir(),
          API_PORT: 'eighty',
          PG_POOL_MAX: '0',
          SMS_DAILY_CAP: '1e3',
          LOG_LEVEL: 'loud',
        },
      ),
    );
    for (const name of ['API_PORT', 'PG_POOL_MAX', 'SMS_DAILY_CAP', 'LOG_LEVEL'])
      expect(message).toContain(`${name}:`);
  });
  it('reads PG_POOL_MAX, SMS_DAILY_CAP and the SMS provider inside the config', () => {
    const config = loadConfig(
      {},
      { DATA_DIR: tempDir(), PG_POOL_MAX: '25', SMS_DAILY_CAP: '40', SMS_PROVIDER: 'outbox' },
    );
    expect(config).toMatchObject({ pgPoolMax: 25, smsDailyCap: 40, sms: { SMS_PROVIDER: 'outbox' } });
  });
  it('reads the image decode queue: the cores by default (at most 3), a refused 0 slots', () => {
    expect(loadConfig({}, { DATA_DIR: tempDir() })).toMatchObject({
      imageDecodeConcurrency: defaultDecodeConcurrency(),
      imageDecodeQueue: 16,
    });
    expect(
      loadConfig({}, { DATA_DIR: tempDir(), IMAGE_DECODE_CONCURRENCY: '1', IMAGE_DECODE_QUEUE: '0' }),
    ).toMatchObject({ imageDecodeConcurrency: 1, imageDecodeQueue: 0 });
    const message = configError(() =>
      loadConfig({}, { DATA_DIR: tempDir(), IMAGE_DECODE_CONCURRENCY: '0', IMAGE_DECODE_QUEUE: '-1' }),
    );
    expect(message).toContain('IMAGE_DECODE_CONCURRENCY:');
    expect(message).toContain('IMAGE_DECODE_QUEUE:');
  });
  it('names every missing credential of a chosen SMS provider', () => {
    const message = configError(() =>
      loadConfig({}, { DATA_DIR: tempDir(), SMS_PROVIDER: 'aliyun', ALIYUN_SMS_SIGN_NAME: '门户' }),
    );
    expect(message).toContain('ALIYUN_SMS_ACCESS_KEY_ID');
    expect(message).toContain('ALIYUN_SMS_ACCESS_KEY_SECRET');
    expect(message).toContain('ALIYUN_SMS_TEMPLATE_CODE');
    expect(message).not.toContain('ALIYUN_SMS_SIGN_NAME');
  });
  it('resolves a relative DATA_DIR of the CLIs against the directory pnpm was run from', () => {
    expect(
      loadToolConfig({ DATA_DIR: 'data', INIT_CWD: '/srv/portal' }, '/srv/portal/apps/api').dataDir,
    ).toBe('/srv/portal/data');
  });
});

describe('secrets and demo data (issue 11 hole 10)', () => {
  it('with NODE_ENV=production refuses a missing TOKEN_SECRET and a default CLIENT_SECRET, naming both', () => {
    const message = configError(() => loadConfig({}, { NODE_ENV: 'production', DATA_DIR: tempDir() }));
    expect(message).toContain('TOKEN_SECRET');
    expect(message).toContain('CLIENT_SECRET');
    const defaulted = configError(() =>
      loadConfig({}, { ...PROD, CLIENT_SECRET: DEFAULT_CLIENT_SECRET, DATA_DIR: tempDir() }),
    );
    expect(defaulted).toContain('CLIENT_SECRET');
    expect(defaulted).not.toContain('TOKEN_SECRET');
  });
  it('with NODE_ENV=production refuses a short token secret or one equal to the public client secret', () => {
    expect(configError(() => loadConfig({}, { ...PROD, TOKEN_SECRET: 'short' }))).toContain('TOKEN_SECRET');
    expect(configError(() => loadConfig({}, { ...PROD, CLIENT_SECRET: STRONG }))).toContain(
      'TOKEN_SECRET: must differ',
    );
  });
  it('never derives the token secret from the public client secret', () => {
    const env = { CLIENT_SECRET: 'public-secret' };
    const a = loadConfig({}, { ...env, DATA_DIR: tempDir() }).tokenSecret;
    const b = loadConfig({}, { ...env, DATA_DIR: tempDir() }).tokenSecret;
    const derived = createHash('sha256').update('portal-access-token:public-secret').digest('hex');
    expect(a).not.toBe(derived);
    expect(a).not.toBe(b);
  });
  it('keeps a development token secret per DATA_DIR, private to its owner, the same for every process on it', () => {
    const dataDir = tempDir();
    const first = loadConfig({}, { DATA_DIR: dataDir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}, { DATA_DIR: dataDir }).tokenSecret).toBe(first);
    expect(statSync(path.join(dataDir, '.token-secret')).mode & 0o077).toBe(0);
  });
  it('seeds demo data outside production only, unless SEED says otherwise', () => {
    expect(loadConfig({}, { ...PROD }).seed).toBe(false);
    expect(loadConfig({}, { ...PROD, SEED: 'demo' }).seed).toBe(true);
    expect(loadConfig({}, { DATA_DIR: tempDir() }).seed).toBe(true);
    expect(loadConfig({}, { DATA_DIR: tempDir(), SEED: 'none' }).seed).toBe(false);
    expect(configError(() => loadConfig({}, { DATA_DIR: tempDir(), SEED: 'yes' }))).toContain('SEED');
  });
  it('refuses to build in production without secrets, and starts there without the demo member', async () => {
    await expect(
      buildApp({ nodeEnv: 'production', dataDir: tempDir(), logLevel: 'silent', redisUrl: '' }),
    ).rejects.toThrow(/TOKEN_SECRET/);
    const client = { id: 'prod-client', secret: 'prod-client-secret' };
    const app = await buildApp({
      nodeEnv: 'production',
      smsOutboxInProduction: true,
      dataDir: tempDir(),
      databaseUrl: '',
      redisUrl: '',
      logLevel: 'silent',
      tokenSecret: STRONG,
      clientId: client.id,
      clientSecret: client.secret,
    });
    try {
      const token = (
        await app.inject({ method: 'POST', url: '/api/accessToken', payload: client })
      ).json() as Envelope<{ access_token: string }>;
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { authorization: `Bearer ${token.data.access_token}` },
        payload: { username: 'demo', password: 'demo123456' },
      });
      expect((login.json() as Envelope<unknown>).code).not.toBe(0);
      const members = await app.database.db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(members.n)).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe('SMS and push providers in production (issue 23 item 8)', () => {
  const { SMS_OUTBOX_IN_PRODUCTION: _allowance, ...withoutAllowance } = PROD;
  const ALIYUN = {
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'id',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
    ALIYUN_SMS_SIGN_NAME: '门户',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
  };

  it('refuses the outbox (the default) without SMS_OUTBOX_IN_PRODUCTION, naming both variables', async () => {
    for (const env of [withoutAllowance, { ...withoutAllowance, SMS_PROVIDER: 'outbox' }]) {
      const message = configError(() => loadConfig({}, env));
      expect(message).toMatch(/SMS_PROVIDER: is outbox/);
      expect(message).toContain('SMS_OUTBOX_IN_PRODUCTION=1');
    }
    expect(
      configError(() => loadConfig({}, { ...withoutAllowance, SMS_OUTBOX_IN_PRODUCTION: '0' })),
    ).toContain('SMS_PROVIDER');
    // buildApp (the standalone API, and the gateway's in-process one) says the same.
    await expect(
      buildApp({ nodeEnv: 'production', tokenSecret: STRONG, clientSecret: 'c', dataDir: tempDir() }),
    ).rejects.toThrow(/SMS_OUTBOX_IN_PRODUCTION/);
  });

  it('starts with a real provider, or with the outbox allowed by name', () => {
    expect(loadConfig({}, { ...withoutAllowance, ...ALIYUN }).sms.SMS_PROVIDER).toBe('aliyun');
    expect(loadConfig({}, PROD)).toMatchObject({
      smsOutboxInProduction: true,
      sms: { SMS_PROVIDER: 'outbox' },
    });
    // Development keeps the outbox by default.
    expect(loadConfig({}, { DATA_DIR: tempDir() }).sms.SMS_PROVIDER).toBe('outbox');
  });

  it('takes only 1 or 0 for the allowance', () => {
    expect(configError(() => loadConfig({}, { ...PROD, SMS_OUTBOX_IN_PRODUCTION: 'yes' }))).toContain(
      'SMS_OUTBOX_IN_PRODUCTION: must be 1 or 0',
    );
  });

  it("refuses a plain-http endpoint: Baidu's token and Aliyun's code travel in its URL", () => {
    const message = configError(() =>
      loadConfig(
        {},
        {
          ...PROD,
          ...ALIYUN,
          ALIYUN_SMS_ENDPOINT: 'http://dysmsapi.aliyuncs.com',
          SEARCH_PUSH_PROVIDER: 'baidu',
          BAIDU_PUSH_TOKEN: 'token',
          BAIDU_PUSH_ENDPOINT: 'http://data.zz.baidu.com/urls',
        },
      ),
    );
    expect(message).toContain('ALIYUN_SMS_ENDPOINT: must be an https URL');
    expect(message).toContain('BAIDU_PUSH_ENDPOINT: must be an https URL');
    const https = loadConfig(
      {},
      {
        ...PROD,
        SEARCH_PUSH_PROVIDER: 'baidu',
        BAIDU_PUSH_TOKEN: 't',
        BAIDU_PUSH_ENDPOINT: 'https://push.test/urls',
      },
    );
    expect(https.searchPush.BAIDU_PUSH_ENDPOINT).toBe('https://push.test/urls');
  });
});

describe('DATABASE_REPLICA_URLS (reads from replicas, DESIGN.md section 10)', () => {
  const PRIMARY = 'postgres://portal@db-primary:5432/portal';
  const env = (more: Record<string, string>) => ({ DATA_DIR: tempDir(), DATABASE_URL: PRIMARY, ...more });

  it('reads a comma-separated list, the lag bound and the check interval (defaults 5 s and 500 ms)', () => {
    const config = loadConfig(
      {},
      env({
        DATABASE_REPLICA_URLS:
          ' postgres://portal@db-replica1:5432/portal , postgresql://portal:s3cret@db-replica2/portal',
      }),
    );
    expect(config.replicas).toEqual({
      urls: ['postgres://portal@db-replica1:5432/portal', 'postgresql://portal:s3cret@db-replica2/portal'],
      maxLagMs: 5000,
      checkMs: 500,
    });
    const tuned = loadConfig(
      {},
      env({
        DATABASE_REPLICA_URLS: 'postgres://r1/portal',
        DATABASE_REPLICA_MAX_LAG_MS: '2000',
        DATABASE_REPLICA_CHECK_MS: '200',
      }),
    );
    expect(tuned.replicas).toEqual({ urls: ['postgres://r1/portal'], maxLagMs: 2000, checkMs: 200 });
    expect(loadConfig({}, env({})).replicas.urls).toEqual([]);
  });

  it('refuses replicas without DATABASE_URL, naming both', () => {
    const message = configError(() =>
      loadConfig({}, { DATA_DIR: tempDir(), DATABASE_REPLICA_URLS: 'postgres://r1/portal' }),
    );
    expect(message).toContain('DATABASE_REPLICA_URLS: needs DATABASE_URL');
  });

  it('names a bad entry by its position, never echoing a URL that may hold a password', () => {
    const message = configError(() =>
      loadConfig({}, env({ DATABASE_REPLICA_URLS: 'postgres://r1/portal,mysql://u:hunter2@r2/portal' })),
    );
    expect(message).toContain('DATABASE_REPLICA_URLS: entry 2 of 2 is not a postgres or postgresql URL');
    expect(message).not.toContain('hunter2');
    for (const value of ['postgres://r1/portal,', ',postgres://r1/portal', 'not a url']) {
      expect(configError(() => loadConfig({}, env({ DATABASE_REPLICA_URLS: value })))).toContain(
        'DATABASE_REPLICA_URLS: entry',
      );
    }
  });

  it('refuses the primary itself, a URL twice, too many, and a check slower than the bound', () => {
    const cases: [Record<string, string>, string][] = [
      [{ DATABASE_REPLICA_URLS: `postgres://r1/portal,${PRIMARY}` }, 'names DATABASE_URL itself'],
      [{ DATABASE_REPLICA_URLS: 'postgres://r1/portal,postgres://r1/portal' }, 'names the same URL twice'],
      [
        { DATABASE_REPLICA_URLS: Array.from({ length: 17 }, (_, i) => `postgres://r${i}/portal`).join(',') },
        'takes at most 16 URLs, got 17',
      ],
      [
        {
          DATABASE_REPLICA_URLS: 'postgres://r1/portal',
          DATABASE_REPLICA_MAX_LAG_MS: '1000',
          DATABASE_REPLICA_CHECK_MS: '1000',
        },
        'DATABASE_REPLICA_CHECK_MS must be below DATABASE_REPLICA_MAX_LAG_MS',
      ],
      [{ DATABASE_REPLICA_MAX_LAG_MS: '5s' }, 'DATABASE_REPLICA_MAX_LAG_MS: must be a whole number'],
      [{ DATABASE_REPLICA_CHECK_MS: '0' }, 'DATABASE_REPLICA_CHECK_MS: must be a whole number from 50'],
    ];
    for (const [more, expected] of cases) {
      expect(configError(() => loadConfig({}, env(more)))).toContain(expected);
    }
  });
});
