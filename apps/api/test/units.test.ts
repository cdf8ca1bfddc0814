import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { MemoryReadCache, entryBytes } from '../src/plugins/cache';
import { PageViewCounter } from '../src/plugins/page-views';
import {
  LOCAL_FALLBACK_PREFIXES,
  MemoryRateLimiter,
  RedisRateLimiter,
  type RateLimiter,
} from '../src/lib/rate-limit';
import { loadConfig } from '../src/config';
import { ApiError } from '../src/lib/envelope';
import { formatDate, formatTime } from '../src/lib/time';
import { parsedHost, referrerHost } from '../src/lib/referrer';
import { hashStoken, safeEqual, signAccessToken, verifyAccessToken } from '../src/lib/token';
import { planSearch } from '../src/repositories/search';
import type { Db } from '../src/db';
import { ErrorCode } from '@portal/api-client/codes';

describe('access tokens', () => {
  it('verifies its own tokens until they expire', () => {
    const now = Date.UTC(2025, 0, 1);
    const token = signAccessToken('k', 'client', now);
    expect(verifyAccessToken('k', token, now + 1000)?.cid).toBe('client');
    expect(verifyAccessToken('k', token, now + 2 * 3600_000 + 1)).toBeNull();
    expect(verifyAccessToken('other', token, now)).toBeNull();
    expect(verifyAccessToken('k', `${token}x`, now)).toBeNull();
    expect(verifyAccessToken('k', '.', now)).toBeNull();
  });

  it('compares secrets of any length and hashes stokens', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(hashStoken('s')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('config', () => {
  it('reads env with defaults and lets overrides win', () => {
    const cfg = loadConfig({ dataDir: '/tmp/x', tokenSecret: 't' }, { CLIENT_ID: 'web', API_PORT: '4000' });
    expect(cfg).toMatchObject({
      dataDir: '/tmp/x',
      clientId: 'web',
      clientSecret: 'portal-dev-secret',
      port: 4000,
      seed: true,
    });
    expect(cfg.databaseUrl).toBeUndefined();
    expect(loadConfig({ tokenSecret: 't' }, {}).dataDir).toBe('./data');
    expect(loadConfig({}, { TOKEN_SECRET: 't' }).tokenSecret).toBe('t');
  });
});

describe('formatTime', () => {
  it('formats in Asia/Shanghai', () => {
    expect(formatTime(Date.UTC(2025, 11, 31, 16, 5))).toBe('2026-01-01 00:05');
  });
});

describe('planSearch', () => {
  it('turns a query into index groups and highlight keys', () => {
    const plan = planSearch('华为云 AI 芯');
    expect(plan.groups).toEqual([
      { tokens: ['华为', '为云'], single: false },
      { tokens: ['ai'], single: false },
      { tokens: ['芯'], single: true },
    ]);
    expect(plan.keys).toEqual(['华为云', 'ai', '芯']);
  });
});

describe('MemoryReadCache', () => {
  it('serves a cached value within the TTL and loads once for concurrent misses', async () => {
    const cache = new MemoryReadCache(60_000);
    const load = vi.fn(async () => ({ n: 1 }));
    const [a, b] = await Promise.all([cache.wrap('get_news', 'k', load), cache.wrap('get_news', 'k', load)]);
    expect(a).toBe(b);
    await cache.wrap('get_news', 'k', load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tells each lookup: a load is a miss, the cached value or a joined load a hit (metrics)', async () => {
    const seen: string[] = [];
    const cache = new MemoryReadCache(60_000, undefined, (call, hit) => seen.push(`${call}:${hit}`));
    const load = async () => 1;
    await Promise.all([cache.wrap('get_news', 'k', load), cache.wrap('get_news', 'k', load)]);
    await cache.wrap('get_news', 'k', load);
    await cache.wrap('get_policy', 'k', load);
    expect(seen).toEqual(['get_news:false', 'get_news:true', 'get_news:true', 'get_policy:false']);
  });

  it('invalidates by call, or everything', async () => {
    const cache = new MemoryReadCache(60_000);
    let n = 0;
    const load = async () => ++n;
    await cache.wrap('get_news', 'k', load);
    await cache.wrap('get_policy', 'k', load);
    cache.invalidate(['get_news']);
    expect(await cache.wrap('get_news', 'k', load)).toBe(3);
    expect(await cache.wrap('get_policy', 'k', load)).toBe(2);
    cache.invalidate();
    expect(await cache.wrap('get_policy', 'k', load)).toBe(4);
  });

  it('does not store a load that a write invalidated meanwhile, nor anything with TTL 0', async () => {
    const cache = new MemoryReadCache(60_000);
    let release: (v: number) => void = () => {};
    const pending = cache.wrap('get_news', 'k', () => new Promise<number>((r) => (release = r)));
    cache.invalidate(['get_news']);
    release(1);
    expect(await pending).toBe(1);
    expect(await cache.wrap('get_news', 'k', async () => 2)).toBe(2);
    const off = new MemoryReadCache(0);
    let m = 0;
    await off.wrap('get_news', 'k', async () => ++m);
    expect(await off.wrap('get_news', 'k', async () => ++m)).toBe(2);
  });

  it('keeps an entry for its own TTL when one is given', async () => {
    const cache = new MemoryReadCache(1);
    let n = 0;
    await cache.wrap('cate_list', 'count', async () => ++n, 60_000);
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.wrap('cate_list', 'count', async () => ++n, 60_000)).toBe(1);
    expect(await cache.wrap('cate_list', 'short', async () => ++n)).toBe(2);
    await new Promise((r) => setTimeout(r, 5));
    expect(await cache.wrap('cate_list', 'short', async () => ++n)).toBe(3);
  });

  it('evicts the least recently used entry beyond its bytes', async () => {
    // Room for two one-letter answers, not three.
    const cache = new MemoryReadCache(60_000, 3 * entryBytes('a') - 1);
    for (const k of ['a', 'b', 'c']) await cache.wrap('get_news', k, async () => k);
    expect(await cache.wrap('get_news', 'a', async () => 'reloaded')).toBe('reloaded');
    expect(await cache.wrap('get_news', 'c', async () => 'reloaded')).toBe('c');
  });
});

async function exerciseLimiter(limiter: RateLimiter, key: string) {
  const results = [];
  for (let i = 0; i < 4; i++) results.push(await limiter.hit(key, 3, 60_000));
  expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
  expect(results[3].count).toBe(4);
  expect(results[3].resetMs).toBeGreaterThan(0);
  expect(await limiter.peek(key)).toBe(4);
  await expect(limiter.consume(key, 3, 60_000)).rejects.toMatchObject({ code: ErrorCode.RateLimited });
  await expect(limiter.consume(key, 3, 60_000)).rejects.toBeInstanceOf(ApiError);
  await limiter.reset(key);
  expect(await limiter.peek(key)).toBe(0);
  expect((await limiter.hit(key, 3, 60_000)).allowed).toBe(true);
  // undo takes one hit back from a live window, never below zero and never creating one.
  await limiter.hit(key, 3, 60_000);
  await limiter.undo(key);
  expect(await limiter.peek(key)).toBe(1);
  await limiter.undo(key);
  await limiter.undo(key);
  expect(await limiter.peek(key)).toBe(0);
  await limiter.reset(key);
  await limiter.undo(key);
  expect(await limiter.peek(key)).toBe(0);
  // 50 hits at once: exactly `limit` allowed (the increment and the check are one step).
  const burst = await Promise.all(Array.from({ length: 50 }, () => limiter.hit(key, 7, 60_000)));
  expect(burst.filter((r) => r.allowed)).toHaveLength(7);
  await limiter.reset(key);
  // Amounts (upload bytes): the limit caps the sum.
  expect(await limiter.hit(key, 100, 60_000, 60)).toMatchObject({ allowed: true, count: 60 });
  expect(await limiter.hit(key, 100, 60_000, 41)).toMatchObject({ allowed: false, count: 101 });
  await expect(limiter.consume(key, 200, 60_000, '上限', 100)).rejects.toMatchObject({ message: '上限' });
  await limiter.reset(key);
}

describe('rate limiter', () => {
  it('in memory', async () => {
    await exerciseLimiter(new MemoryRateLimiter(), 'login:ip:1');
  });

  it('starts a new window after the old one ends', async () => {
    const limiter = new MemoryRateLimiter();
    await limiter.hit('k', 1, 1);
    await new Promise((r) => setTimeout(r, 5));
    expect((await limiter.hit('k', 1, 1)).allowed).toBe(true);
  });

  describe('with Redis unreachable', () => {
    // A client that never connected (a Redis outage): status "wait", every command fails.
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    down.on('error', () => undefined);
    const warnings: string[] = [];
    const limiter = new RedisRateLimiter(down, (msg) => warnings.push(msg));

    it.each(['login:user:demo', 'login:ip:1.2.3.4', 'sms:mobile:13800000000', 'register:ip:1.2.3.4'])(
      'refuses %s rather than let it through uncounted',
      async (key) => {
        const refused = await limiter.consume(key, 5, 60_000).then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused).toBeInstanceOf(ApiError);
        expect((refused as ApiError).code).toBe(ErrorCode.ServerError);
        await expect(limiter.peek(key)).rejects.toBeInstanceOf(ApiError);
      },
    );

    it('counts read limits (tokens, search) in this process instead', async () => {
      expect(LOCAL_FALLBACK_PREFIXES).toContain('search:');
      const key = 'search:ip:1.2.3.4';
      expect((await limiter.hit(key, 2, 60_000)).allowed).toBe(true);
      expect((await limiter.hit(key, 2, 60_000)).allowed).toBe(true);
      expect((await limiter.hit(key, 2, 60_000)).allowed).toBe(false);
      expect(await limiter.peek(key)).toBe(3);
      await limiter.reset(key);
      expect(await limiter.peek(key)).toBe(0);
    });

    it('logs each refusal', () => {
      expect(warnings.some((w) => w.includes('login refused'))).toBe(true);
    });
  });

  const redisUrl = process.env.REDIS_URL;
  describe.skipIf(!redisUrl)('in Redis (REDIS_URL)', () => {
    const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
    // Connected first: a limiter refuses at once while its Redis is not ready (it never opens).
    beforeAll(() => redis.connect());
    afterAll(async () => {
      await redis.quit();
    });
    it('shares counters through Redis', async () => {
      const key = `test:${process.pid}:${Math.random()}`;
      const a = new RedisRateLimiter(redis);
      const b = new RedisRateLimiter(redis);
      await a.hit(key, 3, 60_000);
      expect(await b.peek(key)).toBe(1);
      await a.reset(key);
      await exerciseLimiter(a, key);
    });
  });
});

describe('PageViewCounter', () => {
  const log = { error: vi.fn() } as unknown as FastifyBaseLogger;

  it('refuses the views of a failed write (not acknowledged, not kept) and commits later ones', async () => {
    const writes: [number, number][][] = [];
    let fail = true;
    const counter = new PageViewCounter({} as Db, log);
    // Replace the database write with a recorder that fails once.
    const mod = await import('../src/repositories/articles');
    const spy = vi.spyOn(mod, 'addArticleViews').mockImplementation(async (_db, batch) => {
      if (fail) {
        fail = false;
        throw new Error('disk full');
      }
      writes.push([...batch]);
      return new Map([...batch].map(([id, n]) => [id, 100 + n]));
    });
    const failed = [counter.add(1), counter.add(1), counter.add(2)];
    for (const view of failed) await expect(view).rejects.toThrow('disk full');
    const later = [counter.add(1), counter.add(3)];
    await counter.close();
    expect(await Promise.all(later)).toEqual([101, 101]);
    expect(writes).toEqual([
      [
        [1, 1],
        [3, 1],
      ],
    ]);
    spy.mockRestore();
  });

  it('groups the views that arrive while a batch is committed into the next batch', async () => {
    const batches: [number, number][][] = [];
    const counter = new PageViewCounter({} as Db, log);
    const mod = await import('../src/repositories/articles');
    let release: () => void = () => {};
    const spy = vi.spyOn(mod, 'addArticleViews').mockImplementation(async (_db, batch) => {
      batches.push([...batch]);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return new Map([...batch].map(([id, n]) => [id, n]));
    });
    const first = counter.add(5);
    await new Promise((r) => setImmediate(r));
    const waiting = Array.from({ length: 10 }, () => counter.add(5));
    release();
    expect(await first).toBe(1);
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 10 }, () => 10));
    expect(batches).toEqual([[[5, 1]], [[5, 10]]]);
    spy.mockRestore();
  });

  it('counts each view under its own day in Asia/Shanghai, across midnight', async () => {
    const counter = new PageViewCounter({} as Db, log, { ownHosts: [] });
    const mod = await import('../src/repositories/articles');
    const days: string[] = [];
    const spy = vi.spyOn(mod, 'addArticleViews').mockImplementation(async (_db, batch, daily = []) => {
      days.push(...daily.map((d) => `${d.day}:${d.views}`));
      return new Map([...batch].map(([id, n]) => [id, n]));
    });
    // 16:00 UTC is midnight in Shanghai.
    const midnight = Date.UTC(2026, 10, 28, 16, 0);
    const times = [midnight - 1, midnight, midnight - 1, midnight + 86_400_000, midnight + 3600_000];
    await Promise.all(times.map((t) => counter.count(1, {}, t)));
    await counter.close();
    expect(days.sort()).toEqual(['2026-11-28:2', '2026-11-29:2', '2026-11-30:1']);
    expect(times.map(formatDate)).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-28',
      '2026-11-30',
      '2026-11-29',
    ]);
    spy.mockRestore();
  });
});

describe('referrerHost', () => {
  it('reads a plain http(s) host as the URL parser does, and leaves every other form to it', () => {
    const refs = [
      'https://m.baidu.com/s?word=bench',
      'HTTPS://WWW.Sogou.COM/web?query=x',
      'http://cn.bing.com',
      'http://cn.bing.com.:8080/x',
      'https://www.google.com.hk#frag',
      'http://so.com?q=1',
      'https://xn--fiqs8s.cn/',
      'https://中国.cn/',
      'https://user:pw@weibo.com/',
      'http://0x7f.1/',
      'http://127.0.0.1:3000/',
      'http://[::1]/',
      'https:m.baidu.com',
      'https:\\\\m.baidu.com\\s',
      'https://m.bai\tdu.com/',
      'https://m.baidu.com:99999/',
      'https://m.baidu.com:8443/',
      'https://m.baidu.com:443/',
      'https://m.baidu.com%2e/',
      'android-app://com.tencent.mm/',
      'ftp://weibo.cn/',
      'http://a-b.c-d.example/',
      'http://1.example.2com/',
      'not a url',
      '',
    ];
    for (const ref of refs) expect(referrerHost(ref), ref).toBe(parsedHost(ref));
  });
});
