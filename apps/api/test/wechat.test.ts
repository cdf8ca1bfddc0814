import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ErrorCode, type Envelope } from '@portal/api-client/codes';
import type { WechatSignature } from '@portal/api-client/contract';
import { WECHAT_URL_MAX } from '@portal/api-client/constants';
import type { ApiConfig } from '../src/config';
import { WECHAT_TIMEOUT_MS } from '../src/lib/wechat/client';
import { jsapiSignature } from '../src/lib/wechat/signature';
import { MemoryCredentialStore, RedisCredentialStore, type CredentialStore } from '../src/lib/wechat/store';
import { REFRESH_AHEAD_MS, WechatTickets } from '../src/lib/wechat/tickets';
import { startFakeWechat, type FakeWechat } from './fake-wechat';
import { isolatedRedisUrl, logCollector, startTestApp } from './helpers';

const ORIGINS = { desktop: 'https://www.example.com', mobile: 'https://m.example.com' };
const PAGE = `${ORIGINS.desktop}/AI/12?from=singlemessage`;

/** sha1 written out from WeChat's document, independently of the code under test. */
const expected = (ticket: string, s: WechatSignature, url: string) =>
  createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${s.nonceStr}&timestamp=${s.timestamp}&url=${url}`)
    .digest('hex');

describe('jsapiSignature', () => {
  it("matches WeChat's published example", () => {
    expect(
      jsapiSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: 1414587457,
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the url without its fragment', () => {
    const input = { ticket: 't', nonceStr: 'n', timestamp: 1, url: 'https://a.example/x?y=1' };
    expect(jsapiSignature({ ...input, url: `${input.url}#comments` })).toBe(jsapiSignature(input));
  });
});

interface Harness {
  app: FastifyInstance;
  lines: string[];
  sign(url: unknown, ip?: string): Promise<Envelope<WechatSignature> & { status: number }>;
  close(): Promise<void>;
}

/** An API with WeChat settings (or none), its log lines collected. */
async function harness(overrides: Partial<ApiConfig>): Promise<Harness> {
  const { lines, runtime } = logCollector();
  const t = await startTestApp(
    'sqlite',
    undefined,
    { logLevel: 'info', publicOrigins: ORIGINS, ...overrides },
    runtime,
  );
  return {
    app: t.app,
    lines,
    sign: async (url) => {
      const answer = await t.inject({
        method: 'POST',
        url: '/api/wechat_signature',
        headers: { authorization: `Bearer ${t.token}` },
        payload: url === undefined ? {} : { url },
      });
      return { ...(answer.json() as Envelope<WechatSignature>), status: answer.statusCode };
    },
    close: () => t.close(),
  };
}

const errorLines = (h: Harness, code: number) =>
  h.lines.filter(
    (l) => l.includes('WeChat share cards unavailable') && l.includes(`"wechatErrcode":${code}`),
  );

describe('wechat_signature without WeChat settings', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({});
  });
  afterAll(async () => h?.close());

  it('answers the documented code, for any page of the site', async () => {
    expect(await h.sign(PAGE)).toEqual({
      code: ErrorCode.WechatOff,
      msg: ERROR_MESSAGES[ErrorCode.WechatOff],
      data: null,
      status: 200,
    });
  });

  it('needs an access token like every public call', async () => {
    const res = await h.app.inject({ method: 'POST', url: '/api/wechat_signature', payload: { url: PAGE } });
    expect(res.statusCode).toBe(401);
    expect((res.json() as Envelope<null>).code).toBe(ErrorCode.TokenInvalid);
  });
});

const BACKENDS = process.env.REDIS_URL ? (['memory', 'redis'] as const) : (['memory'] as const);

describe.each(BACKENDS)('wechat_signature with WeChat settings (%s)', (backend) => {
  let fake: FakeWechat;
  let h: Harness;
  const redisUrl = () => (backend === 'redis' ? { redisUrl: isolatedRedisUrl() } : {});

  beforeAll(async () => {
    fake = await startFakeWechat();
  });
  afterAll(async () => fake?.close());
  afterEach(async () => {
    await h?.close();
    fake.mode = 'ok';
    fake.ticketDelayMs = 0;
    fake.hits.token = 0;
    fake.hits.ticket = 0;
  });

  it('signs 1,000 calls with one token and one ticket fetched', async () => {
    h = await harness({ wechat: fake.settings(), ...redisUrl() });
    fake.ticketDelayMs = 200;
    const urls = Array.from({ length: 1000 }, (_, i) =>
      i % 2 ? `${PAGE}&n=${i}#frag` : `${ORIGINS.mobile}/news/${i}`,
    );
    const answers = [];
    // Overlapping callers first (all waiting on the one slow fetch), then the rest from the cache.
    for (let i = 0; i < urls.length; i += 100) {
      answers.push(...(await Promise.all(urls.slice(i, i + 100).map((url) => h.sign(url)))));
    }
    expect(fake.hits).toEqual({ token: 1, ticket: 1 });
    for (const [i, a] of answers.entries()) {
      expect(a.code, a.msg).toBe(0);
      expect(a.data.appId).toBe(fake.settings().appId);
      expect(a.data.nonceStr).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(Math.abs(a.data.timestamp - Date.now() / 1000)).toBeLessThan(120);
      expect(a.data.signature).toBe(expected(fake.ticket, a.data, urls[i]!.split('#')[0]!));
    }
    expect(new Set(answers.map((a) => a.data.nonceStr)).size).toBe(1000);
  }, 60_000);

  it('refuses a missing, non-URL, 100 KB or foreign url with a clear code', async () => {
    h = await harness({ wechat: fake.settings(), ...redisUrl() });
    const refusals: [unknown, number, string][] = [
      [undefined, ErrorCode.Validation, '页面地址不能为空'],
      ['', ErrorCode.Validation, '页面地址不能为空'],
      [{ href: PAGE }, ErrorCode.Validation, '页面地址必须是文本'],
      [12, ErrorCode.Validation, '页面地址格式不正确'],
      ['not a url', ErrorCode.Validation, '页面地址格式不正确'],
      [
        `${PAGE}&q=${'x'.repeat(100 * 1024)}`,
        ErrorCode.Validation,
        `页面地址不能超过${WECHAT_URL_MAX}个字符`,
      ],
      [
        'https://evil.example.com/AI/12',
        ErrorCode.WechatUrlRefused,
        ERROR_MESSAGES[ErrorCode.WechatUrlRefused],
      ],
      [
        'http://www.example.com/AI/12',
        ErrorCode.WechatUrlRefused,
        ERROR_MESSAGES[ErrorCode.WechatUrlRefused],
      ],
      [
        'https://www.example.com.evil.cn/',
        ErrorCode.WechatUrlRefused,
        ERROR_MESSAGES[ErrorCode.WechatUrlRefused],
      ],
      [
        'https://user:pw@www.example.com/',
        ErrorCode.WechatUrlRefused,
        ERROR_MESSAGES[ErrorCode.WechatUrlRefused],
      ],
    ];
    for (const [url, code, msg] of refusals) {
      expect({ url: String(url).slice(0, 60), ...(await h.sign(url)) }).toMatchObject({
        url: String(url).slice(0, 60),
        code,
        msg,
        status: 200,
      });
    }
    // Nothing was asked of WeChat for a refused url.
    expect(fake.hits).toEqual({ token: 0, ticket: 0 });
    // The longest allowed url is signed.
    const longest = `${PAGE}&q=${'x'.repeat(WECHAT_URL_MAX - PAGE.length - 3)}`;
    expect(longest).toHaveLength(WECHAT_URL_MAX);
    expect((await h.sign(longest)).code).toBe(0);
  });

  it('a bad secret (40125): the documented code, WeChat asked once, the cause logged once', async () => {
    h = await harness({ wechat: fake.settings('wrong-secret'), ...redisUrl() });
    for (let i = 0; i < 20; i++) {
      expect(await h.sign(PAGE)).toMatchObject({
        code: ErrorCode.WechatUnavailable,
        msg: ERROR_MESSAGES[ErrorCode.WechatUnavailable],
        status: 200,
      });
    }
    expect(fake.hits.token).toBe(1);
    expect(errorLines(h, 40125)).toHaveLength(1);
    expect(errorLines(h, 40125)[0]).not.toContain('wrong-secret');
  });

  it.each([
    ['ip-not-whitelisted', 40164],
    ['quota', 45009],
  ] as const)('%s (%i): the documented code, logged once with the code', async (mode, code) => {
    h = await harness({ wechat: fake.settings(), ...redisUrl() });
    fake.mode = mode;
    for (let i = 0; i < 5; i++) expect((await h.sign(PAGE)).code).toBe(ErrorCode.WechatUnavailable);
    expect(errorLines(h, code)).toHaveLength(1);
  });

  it.each(['garbage', 'empty-object'] as const)(
    'a %s answer: the documented code, never a 500',
    async (mode) => {
      h = await harness({ wechat: fake.settings(), ...redisUrl() });
      fake.mode = mode;
      for (let i = 0; i < 3; i++) {
        expect(await h.sign(PAGE)).toMatchObject({ code: ErrorCode.WechatUnavailable, status: 200 });
      }
      expect(h.lines.filter((l) => l.includes('"wechatErrcode":"garbled"'))).toHaveLength(1);
    },
  );

  it('a WeChat API that never answers: a bounded wait, then the documented code', async () => {
    h = await harness({ wechat: fake.settings(), ...redisUrl() });
    fake.mode = 'hang';
    const started = Date.now();
    const [first, second] = await Promise.all([h.sign(PAGE), h.sign(PAGE)]);
    const waited = Date.now() - started;
    expect(first).toMatchObject({ code: ErrorCode.WechatUnavailable, status: 200 });
    expect(second).toMatchObject({ code: ErrorCode.WechatUnavailable, status: 200 });
    expect(waited).toBeGreaterThanOrEqual(WECHAT_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(WECHAT_TIMEOUT_MS + 3000);
    // Afterwards the page gets its answer at once instead of waiting again.
    const again = Date.now();
    expect((await h.sign(PAGE)).code).toBe(ErrorCode.WechatUnavailable);
    expect(Date.now() - again).toBeLessThan(1000);
    expect(h.lines.filter((l) => l.includes('"wechatErrcode":"timeout"'))).toHaveLength(1);
  }, 20_000);
});

/** A logger that keeps error lines (WechatTickets is given the app's logger in production). */
function memoryLog() {
  const errors: unknown[] = [];
  const log = { error: (obj: unknown) => void errors.push(obj) };
  return { errors, log: log as unknown as FastifyInstance['log'] };
}

describe('the ticket cache', () => {
  let fake: FakeWechat;
  beforeAll(async () => {
    fake = await startFakeWechat();
  });
  afterAll(async () => fake?.close());
  afterEach(() => {
    fake.mode = 'ok';
    fake.ticketDelayMs = 0;
    fake.hits.token = 0;
    fake.hits.ticket = 0;
    fake.ticket = 'fake-jsapi-ticket-1';
  });

  it('is refreshed before it expires, and the old ticket is served while WeChat fails', async () => {
    let clock = Date.now();
    const { log } = memoryLog();
    const tickets = new WechatTickets(fake.settings(), new MemoryCredentialStore(), {
      log,
      now: () => clock,
    });
    expect(await tickets.ticket()).toBe('fake-jsapi-ticket-1');
    fake.ticket = 'fake-jsapi-ticket-2';
    // An hour later the first is still fresh: no call.
    clock += 3600_000;
    expect(await tickets.ticket()).toBe('fake-jsapi-ticket-1');
    expect(fake.hits.ticket).toBe(1);
    // Inside the refresh window (still valid): WeChat fails, the valid ticket keeps serving.
    clock += 7200_000 - 3600_000 - REFRESH_AHEAD_MS + 1000;
    fake.mode = 'quota';
    expect(await tickets.ticket()).toBe('fake-jsapi-ticket-1');
    // After the back-off WeChat answers again: the new ticket.
    fake.mode = 'ok';
    clock += 60_000;
    expect(await tickets.ticket()).toBe('fake-jsapi-ticket-2');
  });

  const stores: [string, () => CredentialStore, () => Promise<void>][] = [];
  const shared = new MemoryCredentialStore();
  stores.push(['one memory store (processes sharing it)', () => shared, async () => {}]);
  let redis: Redis | null = null;
  if (process.env.REDIS_URL) {
    stores.push([
      'Redis',
      () => {
        redis ??= new Redis(isolatedRedisUrl());
        return new RedisCredentialStore(redis, 'wx-lock-test');
      },
      async () => {
        await redis?.quit();
      },
    ]);
  }

  it.each(stores)('several processes on %s: one of them fetches, one at a time', async (_, store, done) => {
    fake.ticketDelayMs = 300;
    const processes = Array.from(
      { length: 4 },
      () => new WechatTickets(fake.settings(), store(), { log: memoryLog().log }),
    );
    const got = await Promise.all(processes.flatMap((p) => Array.from({ length: 25 }, () => p.ticket())));
    expect(new Set(got)).toEqual(new Set(['fake-jsapi-ticket-1']));
    expect(fake.hits).toEqual({ token: 1, ticket: 1 });
    await done();
  });
});
