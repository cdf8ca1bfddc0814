import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEHIND_GATEWAY, ConfigError, fastifyTrustProxy } from '@portal/config';
import type { AppName } from '@portal/routes';
import { loadGatewayConfig } from '../src/config';
import { createGateway } from '../src/gateway';
import { PAGE_BODY_LIMIT } from '../src/parts/instance';
import type { AppBundle } from '../src/apps';
import { fakeApi } from './fake-api';

/**
 * Issue 11 holes 3, 6, 7 and 9 (gateway part): client address, Host and the micro-cache,
 * redirects built from hostile paths, page body sizes.
 */

const PHONE = { cookie: 'vw=390' };
const WIDE = { cookie: 'vw=1280' };

/** A stand-in app that, like the real ones, builds its canonical link from request.url. */
function canonicalApp(name: AppName): AppBundle {
  return {
    name,
    handler: async (request, context) => {
      const url = new URL(request.url);
      const body = request.method === 'POST' ? await request.text() : '';
      const html = `<html data-app="${name}"><link rel="canonical" href="${url.href}"><meta name="ctx" content="${context.publicOrigin}">${body.length}</html>`;
      return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
    },
  };
}

/** The API as the gateway hosts it: it believes the one address the gateway hands over. */
function ipApi(): FastifyInstance {
  const api = fakeApi({ trustProxy: fastifyTrustProxy(BEHIND_GATEWAY) });
  api.post('/api/accessToken', async () => ({
    code: 0,
    msg: '成功',
    data: { access_token: 't', expires_in: 7200 },
  }));
  api.get('/api/ip', async (request) => ({ code: 0, msg: '成功', data: request.ip }));
  return api;
}

const ORIGINS = { desktop: 'https://www.example.com', mobile: 'https://m.example.com', configured: true };
const apps = (['desktop', 'mobile', 'landing'] as const).map(canonicalApp);
let gateway: FastifyInstance;
let behindRemoteProxy: FastifyInstance;
const apis: FastifyInstance[] = [];

async function build(trustProxy?: string[]) {
  const api = ipApi();
  apis.push(api);
  return createGateway({
    api,
    apps,
    dataDir: mkdtempSync(path.join(tmpdir(), 'gateway-sec-')),
    logger: false,
    microCacheMs: 60_000,
    publicOrigins: ORIGINS,
    ...(trustProxy ? { trustProxy } : {}),
  });
}

beforeAll(async () => {
  gateway = await build();
  behindRemoteProxy = await build(['10.0.0.0/8']);
});
afterAll(async () => {
  await gateway.close();
  await behindRemoteProxy.close();
  await Promise.all(apis.map((a) => a.close()));
});

const www = { host: 'www.example.com' };
const ipSeen = async (g: FastifyInstance, remoteAddress: string, forwarded?: string) => {
  const res = await g.inject({
    url: '/api/ip',
    remoteAddress,
    headers: { ...www, ...(forwarded ? { 'x-forwarded-for': forwarded } : {}) },
  });
  return (res.json() as { data: string }).data;
};

describe('client address (hole 3)', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    expect(await ipSeen(gateway, '203.0.113.9', '1.2.3.4')).toBe('203.0.113.9');
  });
  it('takes the address a trusted proxy (loopback by default) states, not what the client prepended', async () => {
    expect(await ipSeen(gateway, '127.0.0.1', '5.6.7.8, 1.2.3.4')).toBe('1.2.3.4');
  });
  it('hands the in-process API the address the gateway determined with a CIDR TRUST_PROXY', async () => {
    expect(await ipSeen(behindRemoteProxy, '10.0.0.5', '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipSeen(behindRemoteProxy, '127.0.0.1', '1.2.3.4')).toBe('127.0.0.1');
  });
  it('refuses a hop count or true in TRUST_PROXY, and bad addresses, naming the variable', () => {
    for (const value of ['1', 'true', '10.0.0.0/99', 'nginx']) {
      expect(() => loadGatewayConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadGatewayConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
    expect(loadGatewayConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadGatewayConfig({}).trustProxy).toEqual(['loopback']);
  });
});

describe('Host header and the micro-cache (hole 6)', () => {
  it('builds absolute URLs from the configured origins, whatever Host or X-Forwarded-Host say', async () => {
    const res = await gateway.inject({
      url: '/about',
      remoteAddress: '203.0.113.9',
      headers: { ...WIDE, ...www, 'x-forwarded-host': 'evil.example' },
    });
    expect(res.body).toContain('href="https://www.example.com/about"');
    // From a trusted proxy X-Forwarded-Host is the Host: an unknown one goes to the canonical host.
    const proxied = await gateway.inject({
      url: '/about',
      remoteAddress: '127.0.0.1',
      headers: { ...WIDE, ...www, 'x-forwarded-host': 'evil.example' },
    });
    expect(proxied.headers.location).toBe('https://www.example.com/about');
    expect(res.body).toContain('content="https://www.example.com"');
    const mobile = await gateway.inject({ url: '/new_user', headers: { ...PHONE, host: 'm.example.com' } });
    expect(mobile.body).toContain('href="https://m.example.com/new_user"');
  });
  it('sends an unknown Host to the canonical host (GET) or answers 421, never rendering it', async () => {
    const res = await gateway.inject({ url: '/news/5?x=1', headers: { ...WIDE, host: 'evil.example' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://www.example.com/news/5?x=1');
    const post = await gateway.inject({
      method: 'POST',
      url: '/article_pv',
      headers: { host: 'evil.example' },
      payload: 'id=1',
    });
    expect(post.statusCode).toBe(421);
    const slashes = await gateway.inject({ url: '//evil.example/x', headers: { host: 'evil.example' } });
    expect(slashes.headers.location).toBe('https://www.example.com/evil.example/x');
  });
  it('never lets a forged Host into the page every anonymous reader gets', async () => {
    await gateway.inject({
      url: '/poison?a=1',
      remoteAddress: '127.0.0.1',
      headers: { ...WIDE, ...www, 'x-forwarded-host': 'evil.example' },
    });
    await gateway.inject({ url: '/poison?a=1', headers: { ...WIDE, host: 'evil.example' } });
    const reader = await gateway.inject({ url: '/poison?a=1', headers: { ...WIDE, ...www } });
    expect(reader.body).not.toContain('evil.example');
    expect(reader.body).toContain('https://www.example.com/poison?a=1');
  });
  it('keys the cache by everything that changes the bytes: host, width and consent', async () => {
    const first = await gateway.inject({ url: '/keyed', headers: { ...WIDE, ...www } });
    const consented = await gateway.inject({
      url: '/keyed',
      headers: { cookie: 'vw=1280; cookie_consent=allow', ...www },
    });
    expect(first.headers['x-micro-cache']).toBe('MISS');
    expect(consented.headers['x-micro-cache']).toBe('MISS');
    const mobileHost = await gateway.inject({ url: '/keyed', headers: { ...WIDE, host: 'm.example.com' } });
    expect(mobileHost.body).toContain('data-app="mobile"');
    expect(mobileHost.body).toContain('https://m.example.com/keyed');
    const again = await gateway.inject({ url: '/keyed', headers: { cookie: 'vw=1300', ...www } });
    expect(again.headers['x-micro-cache']).toBe('HIT');
  });
  it('requires PUBLIC_ORIGIN and real secrets in production, naming each variable', () => {
    let message = '';
    try {
      loadGatewayConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['PUBLIC_ORIGIN', 'TOKEN_SECRET', 'CLIENT_SECRET']) expect(message).toContain(name);
    expect(() => loadGatewayConfig({ PUBLIC_ORIGIN: 'https://www.example.com/path' })).toThrow(
      /PUBLIC_ORIGIN/,
    );
    expect(() => loadGatewayConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('redirects from hostile paths (hole 7)', () => {
  it.each([
    '/news/1%0d%0aSet-Cookie:%20vw=1',
    '/news/%E4%B8%AD',
    '/news/%0d%0a',
    '/news/1%26admin=1',
    '/news/%E4',
    '/partner/%E4',
    '/AI/news/1%0d%0a',
  ])('%s: never 500, never a header or parameter injected', async (url) => {
    for (const headers of [PHONE, WIDE]) {
      const res = await gateway.inject({ url, headers: { ...headers, ...www } });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['set-cookie']).toBeUndefined();
      const location = res.headers.location;
      if (location !== undefined) {
        expect(location).toMatch(/^[\x21-\x7e]+$/);
        expect(location).not.toContain('&');
      }
    }
  });
  it('still redirects real ids, encoded', async () => {
    const res = await gateway.inject({ url: '/news/42', headers: { ...PHONE, ...www } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/new_detail?id=42');
    const query = await gateway.inject({
      url: '/new_detail?id=%E4%B8%AD%0d%0a',
      headers: { ...WIDE, ...www },
    });
    expect(query.headers.location).toBe('/news/%E4%B8%AD%0D%0A');
  });
});

describe('page bodies (hole 9, gateway part)', () => {
  it('passes a small page action body to the app', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/article_pv',
      headers: { ...www, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('>4</html>');
  });
  it.each([
    ['with a Content-Length', {}],
    ['chunked', { 'transfer-encoding': 'chunked' }],
  ])('answers 413 to a page body over the limit, %s, without rendering', async (_label, extra) => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/article_pv',
      headers: { ...www, 'content-type': 'application/x-www-form-urlencoded', ...extra },
      payload: 'x'.repeat(PAGE_BODY_LIMIT + 1),
    });
    expect(res.statusCode).toBe(413);
    expect(res.body).toBe('提交的内容过大');
  });
  it('leaves API bodies to the API and its own limit', async () => {
    const res = await gateway.inject({
      method: 'POST',
      url: '/api/accessToken',
      headers: { ...www, 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(PAGE_BODY_LIMIT * 2) }),
    });
    expect(res.statusCode).toBe(200);
  });
});
