import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAppBundles } from '../src/apps';
import { createGateway } from '../src/gateway';
import { fakeApi } from './fake-api';

/** Renders the real desktop build (turbo builds it before this package's tests). */
function desktopBuilt(): boolean {
  try {
    return existsSync(createRequire(import.meta.url).resolve('desktop/server'));
  } catch {
    return false;
  }
}

describe.skipIf(!desktopBuilt())('desktop build behind the gateway', () => {
  let gateway: FastifyInstance;
  let api: FastifyInstance;

  beforeAll(async () => {
    // An API whose every content call fails: the home must become the error page with status 500.
    api = fakeApi();
    api.all('/api/*', async () => ({ code: 10500, msg: '服务器繁忙，请稍后再试', data: null }));
    const bundles = (await loadAppBundles(() => {}, 'production')).filter((b) => b.name === 'desktop');
    gateway = await createGateway({
      api,
      apps: bundles,
      dataDir: mkdtempSync(path.join(tmpdir(), 'gateway-render-')),
      logger: false,
      microCacheMs: 0,
    });
    // Loading the built bundle takes seconds on a busy machine.
  }, 60_000);
  afterAll(async () => {
    await gateway.close();
    await api.close();
  });

  it('answers an unknown path with the 404 page and status 404', async () => {
    const res = await gateway.inject({ url: '/no/such/page', headers: { cookie: 'vw=1280' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('data-app="desktop"');
    expect(res.body).toContain('抱歉，您访问的页面不存在（404）');
  });

  it('puts the nonce of the CSP header on every inline script of the rendered document', async () => {
    const res = await gateway.inject({ url: '/no/such/page', headers: { cookie: 'vw=1280' } });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    const inline = scripts.filter(
      (attributes) => !/\bsrc=/.test(attributes) && !/application\/ld\+json/.test(attributes),
    );
    // The width script, React Router's context and module scripts, scroll restoration.
    expect(inline.length).toBeGreaterThanOrEqual(3);
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it('turns a failed home load into the error page with status 500', async () => {
    const res = await gateway.inject({ url: '/', headers: { cookie: 'vw=1280' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('data-app="desktop"');
    expect(res.body).toContain('抱歉，页面出错了');
    expect(res.body).not.toContain('抱歉，您访问的页面不存在');
  });

  it('puts the switch flag and the width script in the document head', async () => {
    const res = await gateway.inject({ url: '/no/such/page', headers: { cookie: 'vw=1280' } });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<meta name="portal-switch" content="0"/>');
    expect(head).toContain('"cookie":"vw"');
    expect(head).toContain('"app":"desktop","rootFont":false');
  });
});
