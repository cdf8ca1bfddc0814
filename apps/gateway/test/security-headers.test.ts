import { gunzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppName } from '@portal/routes';
import { PLAYER_HOSTS } from '@portal/api-client/players';
import type { AppBundle } from '../src/apps';
import { createGateway } from '../src/gateway';
import { inlineScriptHashes, withNonce } from '../src/security-headers';
import { fakeApi } from './fake-api';

/** An app that renders inline scripts with the load context's nonce, as the real server entry does. */
function nonceApp(name: AppName): AppBundle {
  return {
    name,
    handler: async (request, context) => {
      const n = context.cspNonce ?? '';
      const html =
        `<html data-app="${name}"><head><script nonce="${n}">width()</script></head>` +
        `<body>${new URL(request.url).pathname}<script nonce="${n}">hydrate()</script></body></html>`;
      return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    },
  };
}

const ADMIN_INLINE = 'window.__reactRouterContext = {"isSpaMode":true};';

async function gatewayWith(origin: string, microCacheMs = 60_000): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-headers-'));
  const adminDir = path.join(dataDir, 'admin-client');
  mkdirSync(adminDir, { recursive: true });
  writeFileSync(
    path.join(adminDir, 'index.html'),
    `<html data-app="admin"><head><script>${ADMIN_INLINE}</script><script type="module" src="/admin/assets/a.js"></script></head></html>`,
  );
  const api = fakeApi();
  api.get('/api/ping', async () => ({ code: 0, msg: '成功', data: null }));
  const gateway = await createGateway({
    api,
    dataDir,
    adminDir,
    logger: false,
    microCacheMs,
    publicOrigins: { desktop: origin, mobile: origin, configured: true },
    apps: [nonceApp('desktop'), nonceApp('mobile'), nonceApp('landing')],
  });
  gateway.addHook('onClose', async () => api.close());
  return gateway;
}

/** The nonce of the CSP header's script-src, and every nonce attribute of the HTML. */
function nonces(res: { headers: Record<string, unknown>; body: string }) {
  const csp = String(res.headers['content-security-policy']);
  const header = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
  const inHtml = [...res.body.matchAll(/<script nonce="([^"]*)"/g)].map((m) => m[1]);
  return { header, inHtml };
}

describe('page headers (http origin)', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    gateway = await gatewayWith('http://localhost');
  });
  afterAll(async () => gateway.close());

  it('sends CSP, frame rules, Referrer-Policy, nosniff and Permissions-Policy on a page', async () => {
    const res = await gateway.inject({ url: '/', headers: { cookie: 'vw=1280' } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain("'unsafe-inline' 'nonce");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });

  it('frames only this site and the video player hosts', async () => {
    const res = await gateway.inject({ url: '/', headers: { cookie: 'vw=1280' } });
    const frameSrc = /frame-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    expect(frameSrc.split(' ')).toEqual(["'self'", ...PLAYER_HOSTS.map((h) => `https://${h}`)]);
  });

  it('gives every answer its own nonce, the one its script tags carry, cached or not', async () => {
    const seen = new Set<string>();
    const states: unknown[] = [];
    for (const cookie of ['vw=1280', 'vw=1280', 'vw=1280', 'vw=390']) {
      const res = await gateway.inject({ url: '/news', headers: { cookie } });
      states.push(res.headers['x-micro-cache']);
      const { header, inHtml } = nonces(res);
      expect(header).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(inHtml).toEqual([header, header]);
      seen.add(header!);
    }
    // The replayed pages (HIT) carry fresh nonces too.
    expect(states).toEqual(['MISS', 'HIT', 'HIT', 'MISS']);
    expect(seen.size).toBe(4);
  });

  it('replays a cached page as gzip compressed once, with each answer its own nonce', async () => {
    const headers = { cookie: 'vw=1280', 'accept-encoding': 'gzip, deflate, br' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await gateway.inject({ url: '/events', headers }));
    expect(answers.map((res) => res.headers['x-micro-cache'])).toEqual(['MISS', 'HIT', 'HIT']);
    const seen = new Set<string>();
    for (const res of answers.slice(1)) {
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(String(res.headers.vary)).toContain('Accept-Encoding');
      const header = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      const html = gunzipSync(res.rawPayload).toString();
      expect([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])).toEqual([header, header]);
      seen.add(header!);
    }
    expect(seen.size).toBe(2);
  });

  it('gives concurrent readers of one cached page distinct nonces that match their HTML', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => gateway.inject({ url: '/video', headers: { cookie: 'vw=1280' } })),
    );
    const headers = answers.map((res) => {
      const { header, inHtml } = nonces(res);
      expect(inHtml).toEqual([header, header]);
      return header;
    });
    expect(new Set(headers).size).toBe(5);
  });

  it('sends no HSTS over http, nor for a forged X-Forwarded-Proto from an untrusted peer', async () => {
    expect((await gateway.inject({ url: '/' })).headers['strict-transport-security']).toBeUndefined();
    const forged = await gateway.inject({
      url: '/',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when a trusted proxy says the request came over https', async () => {
    const res = await gateway.inject({
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves the back office with its own policy: inline scripts by hash, never framed', async () => {
    const res = await gateway.inject({ url: '/admin/login' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(ADMIN_INLINE).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('nonce-');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('puts nosniff on API answers too, and no page CSP', async () => {
    const res = await gateway.inject({ url: '/api/ping' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
  });
});

describe('page headers (https origin)', () => {
  let gateway: FastifyInstance;
  beforeAll(async () => {
    gateway = await gatewayWith('https://www.example.com', 0);
  });
  afterAll(async () => gateway.close());

  it('sends HSTS on pages, the back office and the API', async () => {
    for (const url of ['/', '/admin', '/api/ping']) {
      const res = await gateway.inject({ url, headers: { host: 'www.example.com' } });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('lets forms post to the public origin', async () => {
    const res = await gateway.inject({ url: '/', headers: { host: 'www.example.com' } });
    expect(String(res.headers['content-security-policy'])).toContain(
      "form-action 'self' https://www.example.com",
    );
  });
});

describe('security-headers helpers', () => {
  it('hashes only inline scripts with a body', () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="module">b()</script><script></script>';
    const sha = (s: string) => `sha256-${createHash('sha256').update(s).digest('base64')}`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });

  it('swaps every occurrence of the old nonce and leaves the cached bytes alone', () => {
    const oldNonce = 'AAAAAAAAAAAAAAAAAAAAAA==';
    const newNonce = 'BBBBBBBBBBBBBBBBBBBBBB==';
    const cached = {
      status: 200,
      headers: [] as [string, string][],
      body: Buffer.from(`<script nonce="${oldNonce}">1</script>资讯<script nonce="${oldNonce}">2</script>`),
      nonce: oldNonce,
    };
    const replayed = withNonce(cached, newNonce);
    expect(replayed.body.toString()).toBe(
      `<script nonce="${newNonce}">1</script>资讯<script nonce="${newNonce}">2</script>`,
    );
    expect(replayed.nonce).toBe(newNonce);
    expect(cached.body.toString()).toContain(oldNonce);
  });
});
