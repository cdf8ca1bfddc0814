import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway } from '../src/gateway';

const DESKTOP = 'https://www.example.test';
const MOBILE = 'https://m.example.test';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** The gateway with the real in-process API (built by turbo before this package's tests). */
describe('sitemaps through the gateway', () => {
  let gateway: FastifyInstance;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gateway-sitemap-'));

  beforeAll(async () => {
    gateway = await createGateway({
      dataDir,
      logger: false,
      microCacheMs: 0,
      apps: [],
      adminDir: null,
      publicOrigins: { desktop: DESKTOP, mobile: MOBILE, configured: true },
      apiOptions: { seed: false, logLevel: 'silent', redisUrl: '', databaseUrl: '' },
    });
    await gateway.ready();
  }, 60_000);
  afterAll(async () => {
    await gateway?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['a wide reader', { host: 'www.example.test', cookie: 'vw=1280' }],
    ['a phone', { host: 'www.example.test', cookie: 'vw=390', 'user-agent': IPHONE }],
    ['the mobile host', { host: 'm.example.test', 'user-agent': IPHONE }],
  ])('answers the index from the API for %s, on the configured origin', async (_who, headers) => {
    const res = await gateway.inject({ url: '/sitemap.xml', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain(`<sitemap><loc>${DESKTOP}/sitemaps/pages.xml</loc>`);
  });

  it("writes the pages file with the gateway's public origins", async () => {
    const res = await gateway.inject({ url: '/sitemaps/pages.xml', headers: { host: 'www.example.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<loc>${DESKTOP}/</loc>`);
    expect(res.body).toContain(`href="${MOBILE}/video_List"`);
    expect(res.body).not.toContain('localhost');
  });

  it('gives an unknown sitemap file a 404, not a page', async () => {
    const res = await gateway.inject({
      url: '/sitemaps/articles-7.xml',
      headers: { host: 'www.example.test' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe('Not Found');
  });
});
