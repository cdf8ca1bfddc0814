import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_PAGE_HEADER } from '@portal/routes';
import { createGateway } from '../src/gateway';
import type { GatewayConfig } from '../src/config';
import { countingApps } from './counting-app';
import { fakeApi } from './fake-api';

/**
 * What the gateway tells nginx's page cache (issue 27; through nginx: nginx.test.ts): X-Accel-Expires,
 * for nginx (a TRUST_PROXY peer) only, and only for a page the CDN may share too, to a reader nginx
 * classed as the gateway does. Every answer has its own random nonce (nginx replays a kept one).
 */
const { apps } = countingApps({});

async function gateway(options: Partial<GatewayConfig> = {}): Promise<FastifyInstance> {
  const api = fakeApi();
  const app = await createGateway({
    api,
    apps,
    dataDir: mkdtempSync(path.join(tmpdir(), 'gateway-nginx-page-')),
    logger: false,
    publicOrigins: { desktop: 'http://localhost', mobile: 'http://localhost', configured: true },
    nginxPageCacheS: 1,
    ...options,
  });
  app.addHook('onClose', async () => api.close());
  return app;
}

const nonceOf = (headers: Record<string, unknown>) =>
  /'nonce-([^']+)'/.exec(String(headers['content-security-policy']))?.[1];

describe("the gateway behind nginx's page cache", () => {
  let app: FastifyInstance;
  beforeAll(async () => (app = await gateway()));
  afterAll(() => app.close());

  const fromNginx = (url: string, page: string, cookie = 'vw=1280', remoteAddress = '127.0.0.1') =>
    app.inject({ url, remoteAddress, headers: { cookie, [NGINX_PAGE_HEADER]: page } });

  it('lets nginx keep a shareable page to the end of this second, each answer with its own nonce', async () => {
    const nonces = new Set<string | undefined>();
    for (const url of ['/kept', '/kept']) {
      const before = Math.floor(Date.now() / 1000);
      const res = await fromNginx(url, 'wide;');
      const after = Math.floor(Date.now() / 1000);
      nonces.add(nonceOf(res.headers));
      expect(res.body).toContain(`<script nonce="${nonceOf(res.headers)}">`);
      const until = Number(/^@(\d+)$/.exec(String(res.headers['x-accel-expires']))?.[1]);
      expect(until).toBeGreaterThanOrEqual(before);
      expect(until).toBeLessThanOrEqual(after);
    }
    expect(nonces.size).toBe(2);
  });

  it('believes the header from a trusted proxy only', async () => {
    const res = await fromNginx('/forged', 'wide;', 'vw=1280', '203.0.113.5');
    expect(res.headers['x-accel-expires']).toBeUndefined();
    // Without the header, as before.
    expect((await app.inject({ url: '/forged' })).headers['x-accel-expires']).toBeUndefined();
  });

  it.each([
    ['nginx classed the width otherwise', '/other-width', 'narrow;', 'vw=1280'],
    ['nginx read another consent', '/other-consent', 'wide;1', 'vw=1280; cookie_consent=2'],
    ['a member', '/member', 'wide;', 'vw=1280; stoken=abc'],
    ['a page setting a cookie', '/sets-cookie', 'wide;', 'vw=1280'],
  ])('tells nginx to keep nothing when %s', async (_why, url, page, cookie) => {
    const res = await fromNginx(url, page, cookie);
    expect(res.headers['x-accel-expires']).toBe('0');
  });

  it('keeps nothing with NGINX_PAGE_CACHE_S=0', async () => {
    const off = await gateway({ nginxPageCacheS: 0 });
    const res = await off.inject({
      url: '/off',
      headers: { cookie: 'vw=1280', [NGINX_PAGE_HEADER]: 'wide;' },
    });
    expect(res.headers['x-accel-expires']).toBe('0');
    await off.close();
  });
});
