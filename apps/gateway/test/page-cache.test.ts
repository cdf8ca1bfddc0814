import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE } from '@portal/api-client/constants';
import { createGateway } from '../src/gateway';
import { createMetrics } from '../src/metrics';
import { countingApps } from './counting-app';
import { fakeApi } from './fake-api';

/**
 * The page cache in one process (no Redis): what is in the key, the caching headers a CDN reads,
 * stale-while-revalidate, and the overload rule. The cache shared by workers: shared-cache.test.ts.
 */

/** Renders of paths under /slow wait for this (the overload tests hold the render slots with it). */
let gate: { promise: Promise<void>; open: () => void } | null = null;
function closeGate() {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  gate = { promise, open };
}
const { apps, rendersOf } = countingApps({
  before: async (pathname) => {
    if (pathname.startsWith('/slow')) await gate?.promise;
  },
});

const desktop = (extra = '') => ({ cookie: `vw=1280${extra}` });
type Answer = Awaited<ReturnType<FastifyInstance['inject']>>;

/** Until the app has started `count` renders of `p` (a request in flight reached its render). */
async function rendered(p: string, count: number): Promise<void> {
  for (let i = 0; i < 1000 && rendersOf(p) < count; i++) await new Promise((r) => setImmediate(r));
  if (rendersOf(p) < count) throw new Error(`${p} never rendered`);
}

async function gatewayWith(options: Parameters<typeof createGateway>[0] = {}) {
  const api = fakeApi();
  api.post('/api/echo', async (request) => ({ code: 0, msg: '成功', data: request.body }));
  const metrics = createMetrics();
  const gateway = await createGateway({
    api,
    metrics,
    dataDir: mkdtempSync(path.join(tmpdir(), 'gateway-page-cache-')),
    logger: false,
    microCacheMs: 1000,
    publicOrigins: { desktop: 'http://localhost', mobile: 'http://m.example.com', configured: true },
    apps,
    ...options,
  });
  gateway.addHook('onClose', async () => api.close());
  const metric = async (name: string) => {
    const { text } = await metrics.scrape();
    return [...text.matchAll(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\d+)`, 'gm'))].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  };
  return { gateway, api, metric };
}

describe('what changes the bytes is in the key', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => ({ gateway } = await gatewayWith()));
  afterAll(() => gateway.close());

  it('keeps a page for readers who consented apart from one with the banner', async () => {
    const banner = await gateway.inject({ url: '/consent', headers: desktop() });
    const consented = await gateway.inject({ url: '/consent', headers: desktop(`; ${COOKIE.consent}=1`) });
    expect(banner.body).toContain('banner');
    expect(consented.body).toContain('consented');
    expect(consented.headers['x-micro-cache']).toBe('MISS');
    const again = await gateway.inject({ url: '/consent', headers: desktop(`; ${COOKIE.consent}=1`) });
    expect(again.headers['x-micro-cache']).toBe('HIT');
    expect(again.body).toContain('consented');
    expect((await gateway.inject({ url: '/consent', headers: desktop() })).body).toContain('banner');
  });

  it('keeps each width class apart, and one class shares one page whatever the exact width', async () => {
    const wide = await gateway.inject({ url: '/', headers: desktop() });
    const narrow = await gateway.inject({ url: '/', headers: { cookie: 'vw=390' } });
    expect(wide.body).toContain('data-app="desktop"');
    expect(narrow.body).toContain('data-app="mobile"');
    const otherWide = await gateway.inject({ url: '/', headers: { cookie: 'vw=1440' } });
    expect(otherWide.headers['x-micro-cache']).toBe('HIT');
    expect(otherWide.body).toContain('data-app="desktop"');
  });

  it('never shares a nonce: every replay has its own, in the header and on every inline script', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await gateway.inject({ url: '/nonces', headers: desktop() });
      const header = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      const inHtml = [...res.body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(header).toBeTruthy();
      expect(inHtml).toEqual([header, header]);
      seen.add(header!);
    }
    expect(seen.size).toBe(3);
  });
});

describe('what a CDN is told', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => ({ gateway } = await gatewayWith({ cdn: { sMaxAge: 120, staleSeconds: 900 } })));
  afterAll(() => gateway.close());

  it.each([
    ['/AI/123', 'site article-123'],
    ['/news/55', 'site article-55'],
    ['/cloud', 'site list-cloud'],
    ['/', 'site home'],
    ['/video', 'site'],
  ])('an anonymous page %s may be shared, with the surrogate keys of what it shows', async (url, keys) => {
    for (const res of [
      await gateway.inject({ url, headers: desktop() }),
      await gateway.inject({ url, headers: desktop() }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=120, stale-while-revalidate=900, stale-if-error=900, no-transform',
      );
      expect(res.headers['surrogate-key']).toBe(keys);
      expect(res.headers['cache-tag']).toBe(keys.replace(/ /g, ','));
    }
  });

  it('a member’s page, a page that sets a cookie and a data request stay private', async () => {
    const answers = [
      await gateway.inject({ url: '/AI/123', headers: desktop('; stoken=abc') }),
      await gateway.inject({ url: '/AI/123', headers: { ...desktop(), authorization: 'Bearer x' } }),
      await gateway.inject({ url: '/sets-cookie', headers: desktop() }),
      await gateway.inject({ url: '/AI/123.data', headers: desktop() }),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('private, no-cache, no-transform');
      expect(res.headers['surrogate-key']).toBeUndefined();
    }
  });
});

/** Page cache rules with stale pages allowed for `afterChangeMs` after a change. */
const rules = (afterChangeMs: number) => ({
  maxAgeMs: 600_000,
  staleMs: 600_000,
  waitMs: 2000,
  afterChangeMs,
});

describe('stale while revalidate, in one process', () => {
  let gateway: FastifyInstance;
  let api: FastifyInstance;
  // Stale allowed for as long as the test takes, however loaded the machine.
  beforeAll(async () => ({ gateway, api } = await gatewayWith({ pageCache: rules(600_000) })));
  afterAll(() => gateway.close());

  it('after a change, serves the old page until its one new render is in, then the new one', async () => {
    expect((await gateway.inject({ url: '/story', headers: desktop() })).body).toContain('render 1');
    await api.contentChanges.announce();
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 20 }, () => gateway.inject({ url: '/story', headers: desktop() })),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(answers[0]!.headers['x-micro-cache']).toBe('STALE');
    expect(answers[0]!.body).toContain('render 1');
    let fresh = answers[0]!;
    for (let i = 0; i < 200 && fresh.body.includes('render 1'); i++) {
      await new Promise((r) => setTimeout(r, 10));
      fresh = await gateway.inject({ url: '/story', headers: desktop() });
    }
    expect(fresh.body).toContain('render 2');
    expect(fresh.headers['x-micro-cache']).toBe('HIT');
    expect(rendersOf('/story')).toBe(2);
  });
});

describe('a change shows on the next read of a page nobody read meanwhile', () => {
  it('renders it anew rather than serve it stale, once the change is older than afterChangeMs', async () => {
    const { gateway, api } = await gatewayWith({ pageCache: rules(0) });
    try {
      await gateway.inject({ url: '/quiet', headers: desktop() });
      expect((await gateway.inject({ url: '/quiet', headers: desktop() })).headers['x-micro-cache']).toBe(
        'HIT',
      );
      await api.contentChanges.announce();
      const next = await gateway.inject({ url: '/quiet', headers: desktop() });
      expect(next.headers['x-micro-cache']).toBe('MISS');
      expect(next.body).toContain('render 2');
    } finally {
      await gateway.close();
    }
  });

  // A cached page is always served: never a 503, whether its render is refused at once (no room to
  // wait) or after waiting for a slot.
  it.each([
    { when: 'the worker is at its render limit', queue: 0, path: 'busy' },
    { when: 'its render waits for a slot and is refused', queue: 1, path: 'wait' },
  ])('serves it stale when $when', async ({ queue, path }) => {
    const { gateway, api } = await gatewayWith({
      pageCache: rules(0),
      renderLimits: { concurrency: 1, queue, maxWaitMs: 0 },
    });
    try {
      await gateway.inject({ url: `/quiet-${path}`, headers: desktop() });
      await api.contentChanges.announce();
      closeGate();
      const holding = gateway.inject({ url: `/slow/${path}`, headers: desktop() });
      await rendered(`/slow/${path}`, 1);
      const res = await gateway.inject({ url: `/quiet-${path}`, headers: desktop() });
      expect([res.statusCode, res.headers['x-micro-cache']]).toEqual([200, 'STALE']);
      expect(res.body).toContain('render 1');
      gate!.open();
      await holding;
    } finally {
      gate?.open();
      await gateway.close();
    }
  });
});

describe('the overload rule', () => {
  it('answers a render beyond the limit 503 with Retry-After, while cached pages, stale ones and the API still answer', async () => {
    const { gateway, api, metric } = await gatewayWith({
      pageCache: rules(600_000),
      renderLimits: { concurrency: 1, queue: 0, maxWaitMs: 0 },
    });
    try {
      await gateway.inject({ url: '/cached', headers: desktop() });
      await gateway.inject({ url: '/stale', headers: desktop() });
      await api.contentChanges.announce();
      closeGate();
      const holding = gateway.inject({ url: '/slow/1', headers: desktop() });
      await rendered('/slow/1', 1);

      const refused = await gateway.inject({ url: '/slow/2', headers: desktop() });
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.body).toContain('访问繁忙');
      expect(rendersOf('/slow/2')).toBe(0);
      expect(await metric('portal_page_shed_total')).toBe(1);
      // A member's page renders too: it is refused as well (only cached pages skip the limit).
      expect((await gateway.inject({ url: '/slow/3', headers: desktop('; stoken=a') })).statusCode).toBe(503);

      // Cached pages, fresh or stale (no slot to render it again: the stale page goes on), are served.
      const cached = await gateway.inject({ url: '/cached', headers: desktop() });
      expect([cached.statusCode, cached.headers['x-micro-cache']]).toEqual([200, 'STALE']);
      const stale = await gateway.inject({ url: '/stale', headers: desktop() });
      expect([stale.statusCode, stale.headers['x-micro-cache']]).toEqual([200, 'STALE']);
      expect(rendersOf('/stale')).toBe(1);
      // The API and a form post are not refused.
      const echo = await gateway.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
      expect(echo.statusCode).toBe(200);
      const form = await gateway.inject({ method: 'POST', url: '/form', headers: desktop(), payload: 'a=1' });
      expect(form.statusCode).toBe(200);

      gate!.open();
      expect((await holding).statusCode).toBe(200);
      expect((await gateway.inject({ url: '/slow/2', headers: desktop() })).statusCode).toBe(200);
    } finally {
      gate?.open();
      await gateway.close();
    }
  });

  it('lets renders wait for a slot within the queue, and refuses the one beyond it', async () => {
    const { gateway } = await gatewayWith({
      renderLimits: { concurrency: 1, queue: 1, maxWaitMs: 60_000 },
    });
    try {
      closeGate();
      const first = gateway.inject({ url: '/slow/a', headers: desktop() });
      await rendered('/slow/a', 1);
      const second = gateway.inject({ url: '/slow/b', headers: desktop() });
      // The second waits (no render yet); a third finds the queue full.
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      expect(rendersOf('/slow/b')).toBe(0);
      expect((await gateway.inject({ url: '/slow/c', headers: desktop() })).statusCode).toBe(503);
      gate!.open();
      expect((await first).statusCode).toBe(200);
      expect((await second).statusCode).toBe(200);
    } finally {
      gate?.open();
      await gateway.close();
    }
  });
});
