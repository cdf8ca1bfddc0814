import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from 'api';
import { createGateway } from '../src/gateway';
import type { StoredPage } from '../src/micro-cache';
import { SharedPages, decodePage, encodePage, type PageRedis } from '../src/shared-pages';
import { countingApps } from './counting-app';
import { appsBuilt } from './seeded-gateway';

/**
 * The page cache every worker and host shares: two gateways (two workers, or two hosts) with their
 * own in-process API on one database and one Redis (127.0.0.1:6379 when REDIS_URL is set).
 */

// A render takes a while, so a burst of readers arrives while it runs.
const { apps, rendersOf } = countingApps({
  before: () => new Promise((resolve) => setTimeout(resolve, 20)),
  filler: '资讯'.repeat(2000),
});

const desktop = { cookie: 'vw=1280' };
type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

function noncesOf(res: Answer) {
  const header = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  const body =
    res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.body;
  return { header, inHtml: [...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]), body };
}

describe.skipIf(!process.env.REDIS_URL || !appsBuilt())('the page cache shared by workers (Redis)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-shared-cache-'));
  const apis: FastifyInstance[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    // One key prefix (and content channel) for this run: other tests on the same Redis stay apart.
    const redisUrl = new URL(process.env.REDIS_URL!);
    redisUrl.searchParams.set('keyPrefix', `test:pages:${randomBytes(6).toString('hex')}:`);
    const worker = async () => {
      const api = await buildApp({
        dataDir,
        databaseUrl: '',
        redisUrl: redisUrl.toString(),
        seed: false,
        logLevel: 'silent',
        searchPushIntervalMs: 0,
        cdnPurgeIntervalMs: 0,
      });
      apis.push(api);
      return createGateway({
        api,
        dataDir,
        logger: false,
        microCacheMs: 1000,
        // Long enough that no test waits it out, whatever the machine's load.
        pageCache: { maxAgeMs: 600_000, staleMs: 600_000, waitMs: 60_000, afterChangeMs: 600_000 },
        publicOrigins: { desktop: 'http://localhost', mobile: 'http://localhost', configured: true },
        apps,
      });
    };
    a = await worker();
    b = await worker();
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const api of apis) await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('renders a page once for a burst of first readers spread over both workers', async () => {
    const burst = Array.from({ length: 100 }, (_, i) =>
      (i % 2 ? a : b).inject({ url: '/burst', headers: desktop }),
    );
    const answers = await Promise.all(burst);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(rendersOf('/burst')).toBe(1);
    expect(new Set(answers.map((res) => /render (\d+)/.exec(res.body)?.[1]))).toEqual(new Set(['1']));
  });

  it('serves a page rendered by one worker from the other, with its own nonce', async () => {
    const first = await a.inject({ url: '/nonce', headers: desktop });
    const rendered = noncesOf(first);
    const replays = [
      await b.inject({ url: '/nonce', headers: desktop }),
      await b.inject({ url: '/nonce', headers: { ...desktop, 'accept-encoding': 'gzip' } }),
      await a.inject({ url: '/nonce', headers: desktop }),
    ];
    expect(rendersOf('/nonce')).toBe(1);
    const seen = new Set([rendered.header]);
    for (const res of replays) {
      expect(res.headers['x-micro-cache']).toBe('HIT');
      const { header, inHtml, body } = noncesOf(res);
      expect(inHtml).toEqual([header, header]);
      expect(body).not.toContain(rendered.header!);
      seen.add(header);
    }
    expect(seen.size).toBe(4);
  });

  it('after a change in one worker, both serve the old page until one new render, then the new one', async () => {
    await a.inject({ url: '/story', headers: desktop });
    expect((await b.inject({ url: '/story', headers: desktop })).headers['x-micro-cache']).toBe('HIT');
    await apis[0]!.contentChanges.announce();

    const stale = await a.inject({ url: '/story', headers: desktop });
    expect(stale.headers['x-micro-cache']).toBe('STALE');
    expect(stale.body).toContain('render 1');
    const fresh = async (gateway: FastifyInstance) => {
      for (let i = 0; i < 500; i++) {
        const res = await gateway.inject({ url: '/story', headers: desktop });
        expect(res.statusCode).toBe(200);
        if (res.body.includes('render 2')) return res;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('the new page never came');
    };
    await fresh(a);
    await fresh(b);
    expect(rendersOf('/story')).toBe(2);
  });
});

/** A Redis whose answers the test decides: what the shared cache does when Redis is not there. */
function fakeRedis(status: string): PageRedis & { calls: number } {
  const fake = {
    status,
    calls: 0,
    async getBuffer() {
      fake.calls += 1;
      return null;
    },
    async set() {
      fake.calls += 1;
      return 'OK';
    },
    async eval() {
      fake.calls += 1;
      return 1;
    },
    async exists() {
      fake.calls += 1;
      return 0;
    },
    async pexpire() {
      fake.calls += 1;
      return 1;
    },
  };
  return fake;
}

describe('shared page entries', () => {
  const page: StoredPage = {
    status: 200,
    headers: [
      ['content-type', 'text/html; charset=utf-8'],
      ['surrogate-key', 'site article-1'],
    ],
    body: Buffer.from('<html>资讯</html>'),
    nonce: 'abc',
    version: '1:v',
    renderedAt: 1234,
  };

  it('round-trip through their encoding', () => {
    expect(decodePage(encodePage(page))).toEqual(page);
    const { nonce: _, ...without } = page;
    expect(decodePage(encodePage(without))).toEqual(without);
  });

  it('read as a miss when malformed', () => {
    const good = encodePage(page);
    expect(decodePage(Buffer.alloc(0))).toBeNull();
    expect(decodePage(good.subarray(0, 10))).toBeNull();
    const badMeta = Buffer.concat([Buffer.from([0, 0, 0, 2]), Buffer.from('{}'), Buffer.alloc(3)]);
    expect(decodePage(badMeta)).toBeNull();
    const badBody = Buffer.concat([good.subarray(0, good.length - 4), Buffer.from('xxxx')]);
    expect(decodePage(badBody)).toBeNull();
  });

  it('without a connected Redis: nothing is read or written, and the render lock lets this worker render', async () => {
    const redis = fakeRedis('reconnecting');
    const shared = new SharedPages(redis, 60_000);
    expect(await shared.get('k')).toBeNull();
    await shared.put('k', page, true);
    expect(await shared.lock('k')).not.toBeNull();
    expect(await shared.waitFor('k', () => true, 1000)).toBeNull();
    expect(redis.calls).toBe(0);
  });

  it('a lock another worker holds is not taken', async () => {
    const redis = fakeRedis('ready');
    redis.set = async () => null;
    expect(await new SharedPages(redis, 60_000).lock('k')).toBeNull();
  });
});
