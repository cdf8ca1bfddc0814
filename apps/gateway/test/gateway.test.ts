import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppName } from '@portal/routes';
import { createGateway } from '../src/gateway';
import type { AppBundle } from '../src/apps';
import { fakeApi } from './fake-api';

const BIG_JS =
  'export const news = ' + JSON.stringify(Array.from({ length: 400 }, (_, i) => `资讯${i}`)) + ';\n';
const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-test-'));
const calls: { app: AppName; url: string }[] = [];

/** A stand-in for a built app: answers which app rendered, so the tests see the gateway's choice. */
function fakeApp(name: AppName, extraHeaders: Record<string, string> = {}): AppBundle {
  return {
    name,
    handler: async (request) => {
      calls.push({ app: name, url: request.url });
      const { pathname } = new URL(request.url);
      const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', ...extraHeaders });
      if (pathname === '/set-cookie') headers.append('set-cookie', 'x=1; Path=/');
      if (pathname === '/app-cache-control') headers.set('cache-control', 'public, max-age=60');
      const filler = pathname === '/big' ? '资讯'.repeat(4000) : '';
      return new Response(`<html data-app="${name}">${pathname} #${calls.length}${filler}</html>`, {
        status: 200,
        headers,
      });
    },
  };
}

/** A minimal API: an echo for bodies, and article_content for the mobile article redirect. */
function articleApi(): FastifyInstance {
  const api = fakeApi();
  api.post('/api/echo', async (request) => ({ code: 0, msg: '成功', data: request.body }));
  // Article 12 is in the AI category page, 13 in none of the twelve; every other id is unknown.
  const ARTICLE_ALIAS: Record<number, string> = { 12: 'AI', 13: '' };
  api.post('/api/article_content', async (request) => {
    const id = (request.body as { id: number }).id;
    return id in ARTICLE_ALIAS
      ? { code: 0, msg: '成功', data: { id, cat_alias: ARTICLE_ALIAS[id] } }
      : { code: 10006, msg: '您访问的内容不存在', data: null };
  });
  return api;
}

let gateway: FastifyInstance;
let api: FastifyInstance;

beforeAll(async () => {
  mkdirSync(path.join(dataDir, 'uploads', 'seed'), { recursive: true });
  writeFileSync(
    path.join(dataDir, 'uploads', 'seed', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
  );
  writeFileSync(
    path.join(dataDir, 'uploads', 'seed', 'clip.mp4'),
    Buffer.from('00000018667479706d703432', 'hex'),
  );
  const clientDir = path.join(dataDir, 'desktop-client');
  mkdirSync(path.join(clientDir, 'assets', 'desktop'), { recursive: true });
  writeFileSync(path.join(clientDir, 'assets', 'desktop', 'entry.client-test.js'), 'hydrate();');
  writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\nDisallow: /user\n');
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(clientDir, 'assets', 'desktop', 'big-test.js'), BIG_JS);
  api = articleApi();
  gateway = await createGateway({
    api,
    dataDir,
    logger: false,
    microCacheMs: 60_000,
    // Stale pages after a change for as long as any test takes (the rule itself: page-cache.test.ts).
    pageCache: { maxAgeMs: 60_000, staleMs: 600_000, waitMs: 2000, afterChangeMs: 600_000 },
    // inject's default Host (localhost:80) is the desktop host; m.example.com the mobile one.
    publicOrigins: { desktop: 'http://localhost', mobile: 'http://m.example.com', configured: true },
    apps: [{ ...fakeApp('desktop'), clientDir }, fakeApp('mobile'), fakeApp('landing')],
  });
});
afterAll(async () => {
  await gateway.close();
  await api.close();
});

const cookie = (vw: number) => ({ cookie: `vw=${vw}` });

/** Reads a page (at most 200 times, a pause between) until `done` says so: waits for a background render without timing it. */
async function readUntil(
  url: string,
  done: (res: Awaited<ReturnType<FastifyInstance['inject']>>) => boolean,
): Promise<Awaited<ReturnType<FastifyInstance['inject']>>> {
  for (let i = 0; i < 200; i++) {
    const res = await gateway.inject({ url, headers: cookie(1280) });
    if (done(res)) return res;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url}: never done`);
}
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('width redirects (HTTP 302 before rendering)', () => {
  it('sends a narrow reader from /video to /video_List', async () => {
    const before = calls.length;
    const res = await gateway.inject({ url: '/video', headers: cookie(390) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/video_List');
    expect(calls.length).toBe(before);
  });
  it('sends a wide reader from /video_List to /video', async () => {
    const res = await gateway.inject({ url: '/video_List', headers: cookie(1280) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/video');
  });
  it('maps an article to the other width with its id', async () => {
    const res = await gateway.inject({ url: '/AI/42', headers: cookie(375) });
    expect(res.headers.location).toBe('/AI/news/42');
    const back = await gateway.inject({ url: '/AI/news/42', headers: cookie(1440) });
    expect(back.headers.location).toBe('/AI/42');
  });
  it.each([
    ['/news/12', '/AI/news/12'],
    ['/secret?id=12', '/AI/news/12'],
    ['/news/13', '/new_detail?id=13'],
  ])(
    'sends a phone from %s to the article category page %s (looked up in the API)',
    async (url, location) => {
      const before = calls.length;
      const res = await gateway.inject({ url, headers: cookie(390) });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(location);
      expect(calls.length).toBe(before);
    },
  );
  it.each(['/news/999', '/news/abc', '/secret?id=', '/secret'])(
    'lets the phone app answer %s (an unknown article) with its 404 page',
    async (url) => {
      const res = await gateway.inject({ url, headers: cookie(390) });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-app="mobile"');
    },
  );
  it('renders /news/{id} on the desktop for a wide reader, without asking the API', async () => {
    const res = await gateway.inject({ url: '/news/12', headers: cookie(1280) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-app="desktop"');
  });
  it('keeps the search keyword across widths', async () => {
    const res = await gateway.inject({ url: '/search?data=%E5%8D%8E%E4%B8%BA', headers: cookie(390) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/new_search?data=%E5%8D%8E%E4%B8%BA');
  });
  it('does not redirect React Router data requests', async () => {
    const res = await gateway.inject({ url: '/video.data', headers: cookie(390) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-app="desktop"');
  });
});

describe('app choice', () => {
  it.each([
    ['/', { cookie: 'vw=390' }, 'mobile'],
    ['/', { cookie: 'vw=1280' }, 'desktop'],
    ['/', { cookie: 'vw=959' }, 'mobile'],
    ['/', { cookie: 'vw=960' }, 'desktop'],
    ['/', { 'user-agent': IPHONE }, 'mobile'],
    ['/', { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/130.0' }, 'desktop'],
    ['/', { host: 'm.example.com', cookie: 'vw=1280' }, 'mobile'],
    ['/about', { cookie: 'vw=390' }, 'desktop'],
    ['/login', { 'user-agent': IPHONE }, 'desktop'],
    ['/vendor', { cookie: 'vw=390' }, 'landing'],
    ['/partner/demo1', { cookie: 'vw=1280' }, 'landing'],
    ['/activity/register?id=1', { cookie: 'vw=1280' }, 'landing'],
    ['/no/such/page', { cookie: 'vw=390' }, 'mobile'],
    ['/no/such/page', { cookie: 'vw=1280' }, 'desktop'],
  ] as const)('%s with %j → %s', async (url, headers, app) => {
    const res = await gateway.inject({ url, headers: { ...headers } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`data-app="${app}"`);
  });
  it('sends pages with basic security headers and Vary on the inputs of the choice', async () => {
    const res = await gateway.inject({ url: '/', headers: cookie(1280) });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers.vary).toContain('Cookie');
  });
  it('serves robots.txt with a Sitemap line on the configured public origin', async () => {
    const res = await gateway.inject({ url: '/robots.txt', headers: cookie(1280) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe('User-agent: *\nDisallow: /user\n\nSitemap: http://localhost/sitemap.xml\n');
  });
  it("answers the app's public files from its build without rendering a page", async () => {
    const before = calls.length;
    const icon = await gateway.inject({ url: '/favicon.svg', headers: cookie(1280) });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
    await gateway.inject({ url: '/robots.txt', headers: cookie(1280) });
    expect(calls.length).toBe(before);
  });
  it('ignores a malformed vw cookie and falls back to the User-Agent', async () => {
    const res = await gateway.inject({ url: '/', headers: { cookie: 'vw=abc', 'user-agent': IPHONE } });
    expect(res.body).toContain('data-app="mobile"');
  });
});

describe('Baidu: Cache-Control no-transform on every page answer', () => {
  it.each([
    ['a desktop page', '/baidu-plain', cookie(1280)],
    ['a phone page', '/baidu-plain', cookie(390)],
    ['a landing page', '/partner/baidu', cookie(390)],
  ])('%s gets no-transform, rendered and replayed from the micro-cache', async (_, url, headers) => {
    const first = await gateway.inject({ url, headers });
    const replay = await gateway.inject({ url, headers });
    expect(first.headers['x-micro-cache']).toBe('MISS');
    expect(replay.headers['x-micro-cache']).toBe('HIT');
    for (const res of [first, replay])
      expect(res.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=600, no-transform',
      );
  });
  it('a member’s page gets no-transform and stays private', async () => {
    const res = await gateway.inject({ url: '/baidu-member', headers: { cookie: 'vw=1280; session=abc' } });
    expect(res.headers['cache-control']).toBe('private, no-cache, no-transform');
    expect(res.headers['surrogate-key']).toBeUndefined();
  });
  it("adds no-transform to the app's own caching rules, without replacing them", async () => {
    const first = await gateway.inject({ url: '/app-cache-control', headers: cookie(1280) });
    const replay = await gateway.inject({
      url: '/app-cache-control',
      headers: { ...cookie(1280), 'accept-encoding': 'gzip' },
    });
    expect(replay.headers['x-micro-cache']).toBe('HIT');
    for (const res of [first, replay])
      expect(res.headers['cache-control']).toBe('public, max-age=60, no-transform');
  });
});

describe('micro-cache', () => {
  it('serves a second anonymous GET from the cache', async () => {
    const first = await gateway.inject({ url: '/cache-me?x=1', headers: cookie(1280) });
    const second = await gateway.inject({ url: '/cache-me?x=1', headers: cookie(1300) });
    expect(first.headers['x-micro-cache']).toBe('MISS');
    expect(second.headers['x-micro-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
  });
  it('serves the old page once public content changed (a publish anywhere) while it renders the new one', async () => {
    const old = await gateway.inject({ url: '/cache-change', headers: cookie(1280) });
    const cached = await gateway.inject({ url: '/cache-change', headers: cookie(1280) });
    expect(cached.headers['x-micro-cache']).toBe('HIT');
    const before = calls.length;
    await api.contentChanges.announce();
    const stale = await gateway.inject({ url: '/cache-change', headers: cookie(1280) });
    expect(stale.headers['x-micro-cache']).toBe('STALE');
    expect(stale.body).toBe(old.body);
    // The render started by the stale answer: the readers after it get the new page from the cache.
    const fresh = await readUntil('/cache-change', (res) => res.headers['x-micro-cache'] === 'HIT');
    expect(fresh.body).not.toBe(old.body);
    expect(calls.length - before).toBe(1);
  });
  it('lets concurrent misses for one page share a single render', async () => {
    const before = calls.length;
    const [a, b] = await Promise.all([
      gateway.inject({ url: '/together', headers: cookie(1280) }),
      gateway.inject({ url: '/together', headers: cookie(1280) }),
    ]);
    expect(calls.length - before).toBe(1);
    expect(b.body).toBe(a.body);
  });
  it('keys by query and by app', async () => {
    const a = await gateway.inject({ url: '/cache-key?x=1', headers: cookie(1280) });
    const b = await gateway.inject({ url: '/cache-key?x=2', headers: cookie(1280) });
    const c = await gateway.inject({ url: '/cache-key?x=1', headers: cookie(390) });
    expect(b.body).not.toBe(a.body);
    expect(c.body).toContain('data-app="mobile"');
  });
  it('never caches a request carrying another cookie', async () => {
    const headers = { cookie: 'vw=1280; session=abc' };
    const first = await gateway.inject({ url: '/personal', headers });
    const second = await gateway.inject({ url: '/personal', headers });
    expect(second.body).not.toBe(first.body);
    expect(second.headers['x-micro-cache']).toBeUndefined();
  });
  it('never caches a response that sets a cookie', async () => {
    const first = await gateway.inject({ url: '/set-cookie', headers: cookie(1280) });
    const second = await gateway.inject({ url: '/set-cookie', headers: cookie(1280) });
    expect(first.headers['set-cookie']).toEqual(['x=1; Path=/']);
    expect(second.body).not.toBe(first.body);
  });
});

describe('static files and the API', () => {
  it('serves uploads with nosniff and a CSP that forbids script', async () => {
    const res = await gateway.inject({ url: '/uploads/seed/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
  it('leaves media unsandboxed so embedded players can play it, still with nosniff', async () => {
    const res = await gateway.inject({ url: '/uploads/seed/clip.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
  it('hands an upload that is not on disk to the API (the file store), which answers 404 for unknown ones', async () => {
    for (const url of ['/uploads/seed/none.png', '/uploads/.tmp/x.part']) {
      const res = await gateway.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<html');
    }
    // Ranges of files on disk work (video seeking).
    const part = await gateway.inject({ url: '/uploads/seed/clip.mp4', headers: { range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
  });
  it('serves hashed assets as immutable for a year', async () => {
    const res = await gateway.inject({ url: '/assets/desktop/entry.client-test.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toContain('hydrate');
  });
  it('sends hashed assets precompressed with the encoding the reader accepts', async () => {
    const br = await gateway.inject({
      url: '/assets/desktop/big-test.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await gateway.inject({
      url: '/assets/desktop/big-test.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await gateway.inject({ url: '/assets/desktop/big-test.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });
  it("never serves files outside an app's asset folder", async () => {
    const res = await gateway.inject({ url: '/assets/desktop/..%2F..%2Fpackage.json' });
    expect(res.statusCode).toBe(404);
  });
  it('answers a missing hashed asset with a plain 404, never a page', async () => {
    const res = await gateway.inject({ url: '/assets/desktop/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('data-app');
  });
  it('passes /api requests to the API with their bodies', async () => {
    const res = await gateway.inject({ method: 'POST', url: '/api/echo', payload: { page: 2 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: '成功', data: { page: 2 } });
  });
  it('compresses large pages with the encoding the reader accepts', async () => {
    const gz = await gateway.inject({ url: '/big', headers: { ...cookie(1280), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(4000);
    // A replay from the micro-cache is the gzip made once for the page, even for a reader that takes br too.
    const replay = await gateway.inject({
      url: '/big',
      headers: { ...cookie(1280), 'accept-encoding': 'br, gzip' },
    });
    expect(replay.headers['x-micro-cache']).toBe('HIT');
    expect(replay.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(replay.rawPayload).toString()).toContain('资讯资讯');
    const br = await gateway.inject({ url: '/big', headers: { ...cookie(1280), 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('资讯资讯');
    const plain = await gateway.inject({ url: '/big', headers: cookie(1280) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('资讯资讯');
  });
});
