import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEHIND_GATEWAY, fastifyTrustProxy } from '@portal/config';
import { nginxConfig, type AppName } from '@portal/routes';
import type { AppBundle } from '../src/apps';
import { createGateway } from '../src/gateway';
import { loadProdConfig } from '../src/prod/config';
import { testNginxConfig, writeNginxConfig } from '../src/prod/nginx';
import { countingApps } from './counting-app';
import { fakeApi } from './fake-api';

/**
 * Issue 11 holes 3 and 7 through nginx running the generated config in front of the gateway:
 * hostile paths never become a header, and X-Forwarded-For is nginx's peer, not the client's say.
 */
const NGINX = '/usr/sbin/nginx';
const HOST = 'www.example.com';
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

if (!existsSync(NGINX))
  console.warn(
    `nginx.test: ${NGINX} not found; skipping the generated-config tests (apt-get install nginx-light)`,
  );

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A raw GET: the path goes on the wire exactly as written; `localAddress`: the peer nginx sees. A
 * gzip answer is inflated (`encoding` says how it came).
 */
function get(
  port: number,
  rawPath: string,
  headers: Record<string, string> = {},
  localAddress?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: rawPath, localAddress, headers: { host: HOST, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const gzip = res.headers['content-encoding'] === 'gzip';
          const body = (gzip ? gunzipSync(raw) : raw).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function waitForPort(port: number, nginxLog: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not start:\n${existsSync(nginxLog) ? readFileSync(nginxLog, 'utf8') : ''}`);
}

const fakeApp = (name: AppName): AppBundle => ({
  name,
  handler: async () =>
    new Response(`<html data-app="${name}"></html>`, {
      headers: { 'content-type': 'text/html; charset=utf-8' },
    }),
});

/** What runs behind nginx in a test: the fake API and a listening gateway, and nginx once started. */
interface Stack {
  api?: FastifyInstance;
  gateway?: FastifyInstance;
  nginx?: ChildProcess;
}

/**
 * Starts the fake API (its /api/ip answers the client address it sees) and a gateway of fake apps
 * in front of it for `scheme`://HOST; `adminDir` is the back office's build (the gateway's default
 * without it). Returns the gateway's port.
 */
async function startUpstream(
  stack: Stack,
  prefix: string,
  scheme: 'http' | 'https',
  adminDir?: string,
): Promise<number> {
  const api = fakeApi({ trustProxy: fastifyTrustProxy(BEHIND_GATEWAY) });
  stack.api = api;
  api.get('/api/ip', async (request) => ({ code: 0, msg: '成功', data: request.ip }));
  const gateway = await createGateway({
    api,
    ...(adminDir === undefined ? {} : { adminDir }),
    apps: (['desktop', 'mobile', 'landing'] as const).map(fakeApp),
    dataDir: path.join(prefix, 'data'),
    logger: false,
    microCacheMs: 0,
    publicOrigins: { desktop: `${scheme}://${HOST}`, mobile: `${scheme}://${HOST}`, configured: true },
  });
  stack.gateway = gateway;
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  return (gateway.server.address() as net.AddressInfo).port;
}

async function stopStack(stack: Stack, prefix: string): Promise<void> {
  stack.nginx?.kill('SIGTERM');
  await stack.gateway?.close();
  await stack.api?.close();
  rmSync(prefix, { recursive: true, force: true });
}

describe.skipIf(!existsSync(NGINX))('nginx with the generated config in front of the gateway', () => {
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  const stack: Stack = {};
  let port = 0;

  beforeAll(async () => {
    // The back office's build where the generated config looks for it (root/apps/admin/build/client).
    const adminDir = path.join(prefix, 'apps', 'admin', 'build', 'client');
    mkdirSync(path.join(adminDir, 'assets'), { recursive: true });
    writeFileSync(path.join(adminDir, 'index.html'), '<html data-app="admin"></html>');
    writeFileSync(path.join(adminDir, 'assets', 'app-abc123.js'), 'console.log("admin")');
    const gatewayPort = await startUpstream(stack, prefix, 'http', adminDir);
    port = await freePort();
    mkdirSync(path.join(prefix, 'logs'), { recursive: true });
    writeFileSync(
      path.join(prefix, 'portal.conf'),
      nginxConfig({
        root: prefix,
        dataDir: path.join(prefix, 'data'),
        gateways: [`127.0.0.1:${gatewayPort}`],
        serverName: HOST,
        listen: `127.0.0.1:${port}`,
      }),
    );
    const temp = (name: string) => `${name}_temp_path ${path.join(prefix, `${name}-temp`)};`;
    writeFileSync(
      path.join(prefix, 'nginx.conf'),
      [
        'daemon off;',
        'master_process off;',
        `pid ${path.join(prefix, 'nginx.pid')};`,
        `error_log ${path.join(prefix, 'logs', 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((n) => `  ${temp(n)}`),
        `  include ${path.join(prefix, 'portal.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    const errorLog = path.join(prefix, 'logs', 'error.log');
    stack.nginx = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-e', errorLog], {
      stdio: 'ignore',
    });
    await waitForPort(port, errorLog);
  });

  afterAll(() => stopStack(stack, prefix));

  it('still sends a phone from /news/42 to /new_detail?id=42 (the config is live)', async () => {
    const res = await get(port, '/news/42', { 'user-agent': PHONE_UA });
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/\/new_detail\?id=42$/);
  });

  it.each([
    '/news/1%0d%0aSet-Cookie:%20vw=1',
    '/news/1%0D%0ALocation:%20http://evil.example',
    '/news/%E4%B8%AD',
    '/news/%0d%0a',
    '/news/1%26admin=1',
    '/AI/news/1%0d%0aSet-Cookie:%20vw=1',
    '/videoc?id=1%0d%0aSet-Cookie:%20vw=1',
    '/new_detail?id=1%0d%0aSet-Cookie:%20vw=1',
  ])('%s: no injected header, no 500, no injected parameter', async (rawPath) => {
    const readers: Record<string, string>[] = [
      { 'user-agent': PHONE_UA },
      { cookie: 'vw=390' },
      { cookie: 'vw=1280' },
    ];
    for (const headers of readers) {
      const res = await get(port, rawPath, headers);
      expect(res.status, JSON.stringify(headers)).toBeLessThan(500);
      expect(res.headers['set-cookie']).toBeUndefined();
      const location = res.headers.location;
      if (location !== undefined) {
        expect(location).toMatch(/^[\x21-\x7e]+$/);
        expect(location).not.toMatch(/&admin|evil\.example/);
      }
    }
  });

  it.each([
    ['a phone', { 'user-agent': PHONE_UA }],
    ['a narrow cookie', { cookie: 'vw=390' }],
    ['a desktop', { cookie: 'vw=1280' }],
  ])(
    'serves /admin (a prefix rule) to %s: the document below it, assets from disk',
    async (_who, headers) => {
      for (const url of ['/admin', '/admin/', '/admin/articles/12', '/admin/review.data']) {
        const res = await get(port, url, headers);
        expect(res.status, url).toBe(200);
        expect(res.body, url).toContain('data-app="admin"');
        expect(res.headers.location, url).toBeUndefined();
      }
      const asset = await get(port, '/admin/assets/app-abc123.js', headers);
      expect(asset.body).toBe('console.log("admin")');
      expect(asset.headers['cache-control']).toContain('immutable');
      // Beside the prefix, not under it: an ordinary page path.
      expect((await get(port, '/administrator', headers)).body).not.toContain('data-app="admin"');
    },
  );

  it('passes the peer nginx saw as the client address, not a forged X-Forwarded-For', async () => {
    const res = await get(port, '/api/ip', { 'x-forwarded-for': '1.2.3.4' });
    expect(JSON.parse(res.body)).toMatchObject({ data: '127.0.0.1' });
  });
});

/**
 * Issue 23 item 7: behind a load balancer that ends HTTPS (compose.yaml's shape) every reader
 * reached the workers as the balancer's one address, so 20 failed logins locked out every editor.
 * start:prod's files with NGINX_REAL_IP_FROM: `nginx -t` passes, and a request from the balancer's
 * address reaches the app as the reader's address its X-Forwarded-For names.
 */
describe.skipIf(!existsSync(NGINX))('start:prod nginx behind a load balancer (NGINX_REAL_IP_FROM)', () => {
  /** The balancer: a loopback address of its own, so a request from 127.0.0.1 is someone else. */
  const BALANCER = '127.0.0.2';
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-realip-'));
  const stack: Stack = {};
  let port = 0;

  beforeAll(async () => {
    const gatewayPort = await startUpstream(stack, prefix, 'https');
    port = await freePort();
    const config = loadProdConfig(
      {
        PORT: String(port),
        NGINX_HOST: '127.0.0.1',
        WEB_CONCURRENCY: '1',
        // The one worker is the gateway above.
        WORKER_PORT_BASE: String(gatewayPort),
        DATA_DIR: path.join(prefix, 'data'),
        RUN_DIR: path.join(prefix, 'run'),
        NGINX_BIN: NGINX,
        NGINX_REAL_IP_FROM: `${BALANCER}, 10.0.0.0/8`,
      },
      prefix,
    );
    const files = writeNginxConfig(config, prefix);
    expect(readFileSync(files.site, 'utf8')).toContain(`set_real_ip_from ${BALANCER};`);
    // What start:prod runs before it starts nginx: throws with nginx's message on a bad file.
    testNginxConfig(NGINX, files, config.runDir);
    const errorLog = path.join(prefix, 'run', 'logs', 'error.log');
    stack.nginx = spawn(NGINX, ['-p', config.runDir, '-c', files.main, '-e', errorLog], { stdio: 'ignore' });
    await waitForPort(port, errorLog);
  });

  afterAll(() => stopStack(stack, prefix));

  const clientIp = async (headers: Record<string, string>, from: string) =>
    (JSON.parse((await get(port, '/api/ip', headers, from)).body) as { data: string }).data;

  it("takes the reader's address from the balancer's X-Forwarded-For", async () => {
    expect(await clientIp({ 'x-forwarded-for': '203.0.113.7' }, BALANCER)).toBe('203.0.113.7');
    // A forged entry in front is the reader's own say: the balancer appended the real peer last.
    expect(await clientIp({ 'x-forwarded-for': '198.51.100.1, 203.0.113.8' }, BALANCER)).toBe('203.0.113.8');
    // Two balancers (the edge, then an internal one): the last address that is not trusted.
    expect(await clientIp({ 'x-forwarded-for': '203.0.113.9, 10.1.2.3' }, BALANCER)).toBe('203.0.113.9');
  });

  it('ignores X-Forwarded-For from any other peer', async () => {
    expect(await clientIp({ 'x-forwarded-for': '203.0.113.7' }, '127.0.0.1')).toBe('127.0.0.1');
    expect(await clientIp({}, BALANCER)).toBe(BALANCER);
  });
});

/**
 * Issue 27: nginx answers cached anonymous pages itself (start:prod's files, NGINX_PAGE_CACHE_S=1)
 * in front of one gateway of counting apps: what it keeps and for whom; a kept page is replayed as
 * it is, its nonce included, and each render has its own.
 */
describe.skipIf(!existsSync(NGINX))("start:prod nginx's page cache", () => {
  const prefix = mkdtempSync(path.join(tmpdir(), 'portal-page-cache-'));
  const stack: Stack = {};
  /** Renders of /slow wait for this. */
  let gate = Promise.resolve();
  const { apps, rendersOf } = countingApps({
    before: async (pathname) => {
      if (pathname === '/slow') await gate;
    },
  });
  let port = 0;

  beforeAll(async () => {
    const api = fakeApi({ trustProxy: fastifyTrustProxy(BEHIND_GATEWAY) });
    stack.api = api;
    const gateway = await createGateway({
      api,
      apps,
      dataDir: path.join(prefix, 'data'),
      logger: false,
      publicOrigins: { desktop: `http://${HOST}`, mobile: `http://${HOST}`, configured: true },
      nginxPageCacheS: 1,
    });
    stack.gateway = gateway;
    await gateway.listen({ port: 0, host: '127.0.0.1' });
    port = await freePort();
    const config = loadProdConfig(
      {
        PORT: String(port),
        NGINX_HOST: '127.0.0.1',
        WEB_CONCURRENCY: '1',
        WORKER_PORT_BASE: String((gateway.server.address() as net.AddressInfo).port),
        DATA_DIR: path.join(prefix, 'data'),
        RUN_DIR: path.join(prefix, 'run'),
        NGINX_BIN: NGINX,
        NGINX_PAGE_CACHE_S: '1',
      },
      prefix,
    );
    const files = writeNginxConfig(config, prefix);
    testNginxConfig(NGINX, files, config.runDir);
    const errorLog = path.join(prefix, 'run', 'logs', 'error.log');
    stack.nginx = spawn(NGINX, ['-p', config.runDir, '-c', files.main, '-e', errorLog], { stdio: 'ignore' });
    await waitForPort(port, errorLog);
  });

  afterAll(() => stopStack(stack, prefix));

  const DESKTOP = { cookie: 'vw=1280' };
  /** Every answer: one nonce (the gateway's: 128 random bits), the CSP header's, on every inline script. */
  function nonceOf(res: Answer, inlineScripts = true): string {
    const csp = String(res.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const scripts = [...res.body.matchAll(/<script nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(scripts.length > 0).toBe(inlineScripts);
    for (const script of scripts) expect(script).toBe(nonce);
    return nonce;
  }

  it('answers the second anonymous reader from its cache: the same page, gzip or not', async () => {
    const first = await get(port, '/cached', DESKTOP);
    const second = await get(port, '/cached', { ...DESKTOP, 'accept-encoding': 'gzip' });
    expect(first.headers['x-page-cache']).toBe('MISS');
    expect(second.headers['x-page-cache']).toBe('HIT');
    expect(rendersOf('/cached')).toBe(1);
    // Kept as the gateway compressed it; inflated for a reader that takes no gzip.
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.body).toBe(first.body);
    expect(second.body).toContain('/cached render 1');
    // Replayed as a CDN replays it, nonce included.
    expect(nonceOf(second)).toBe(nonceOf(first));
    expect(second.headers['x-accel-expires']).toBeUndefined();
  });

  it.each<[string, Record<string, string>]>([
    ['member', { cookie: 'vw=1280; stoken=abc' }],
    ['authorization', { ...DESKTOP, authorization: 'Bearer abc' }],
  ])('never serves nor stores a request with: %s', async (p, headers) => {
    const answers = [await get(port, `/${p}`, headers), await get(port, `/${p}`, headers)];
    for (const res of answers) expect(res.headers['x-page-cache']).toBe('BYPASS');
    expect(nonceOf(answers[0]!)).not.toBe(nonceOf(answers[1]!));
    expect(rendersOf(`/${p}`)).toBe(2);
    // Nor stored for the anonymous reader after it.
    expect((await get(port, `/${p}`, DESKTOP)).headers['x-page-cache']).toBe('MISS');
  });

  it('keeps widths and consent apart', async () => {
    const readers: Record<string, string>[] = [
      { 'user-agent': PHONE_UA },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
      { 'user-agent': PHONE_UA, cookie: 'cookie_consent=1' },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)', cookie: 'cookie_consent=1' },
    ];
    const first = await Promise.all(readers.map((headers) => get(port, '/variants', headers)));
    const again = await Promise.all(readers.map((headers) => get(port, '/variants', headers)));
    expect(first.map((res) => res.headers['x-page-cache'])).toEqual(['MISS', 'MISS', 'MISS', 'MISS']);
    expect(again.map((res) => res.headers['x-page-cache'])).toEqual(['HIT', 'HIT', 'HIT', 'HIT']);
    const shown = again.map((res) => [
      /data-app="(\w+)"/.exec(res.body)?.[1],
      /banner|consented/.exec(res.body)?.[0],
    ]);
    expect(shown).toEqual([
      ['mobile', 'banner'],
      ['desktop', 'banner'],
      ['mobile', 'consented'],
      ['desktop', 'consented'],
    ]);
  });

  it('stores nothing under a key the gateway would not give the page (a cookie nginx reads otherwise)', async () => {
    // nginx reads the width "390 " (none: a desktop by its User-Agent), the gateway 390 (a phone).
    const consented = 'cookie_consent=1';
    const odd = await get(port, '/odd-cookie', { cookie: `vw=390 ;${consented}` });
    expect(odd.body).toContain('data-app="mobile"');
    const desktop = await get(port, '/odd-cookie', { cookie: consented });
    expect(desktop.body).toContain('data-app="desktop"');
  });

  it('keeps a 404 page as it keeps a page, and passes a 503 refusal with its own nonce', async () => {
    const gone = [await get(port, '/gone', DESKTOP), await get(port, '/gone', DESKTOP)];
    expect(gone.map((res) => [res.status, res.headers['x-page-cache']])).toEqual([
      [404, 'MISS'],
      [404, 'HIT'],
    ]);
    expect(nonceOf(gone[1]!)).toBe(nonceOf(gone[0]!));
    // A crawler is refused at once while the render slot is taken.
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const held = get(port, '/slow', DESKTOP);
    while (rendersOf('/slow') === 0) await new Promise((r) => setTimeout(r, 5));
    const refused = await get(port, '/refused', { 'user-agent': 'Baiduspider/2.0' });
    open();
    expect(refused.status).toBe(503);
    nonceOf(refused, false);
    expect((await held).status).toBe(200);
  });

  it('never stores an answer that sets a cookie', async () => {
    const answers = [await get(port, '/sets-cookie', DESKTOP), await get(port, '/sets-cookie', DESKTOP)];
    expect(answers.map((res) => res.headers['x-page-cache'])).toEqual(['MISS', 'MISS']);
    expect(answers.every((res) => res.headers['set-cookie'] !== undefined)).toBe(true);
    expect(rendersOf('/sets-cookie')).toBe(2);
  });

  it('shows a content change within NGINX_PAGE_CACHE_S (1 s) and a render, with a new nonce', async () => {
    const before = await get(port, '/changing', DESKTOP);
    expect((await get(port, '/changing', DESKTOP)).headers['x-page-cache']).toBe('HIT');
    await stack.api!.contentChanges.announce();
    const changed = Date.now();
    let after = before;
    while (!after.body.includes('render 2') && Date.now() - changed < 3000) {
      after = await get(port, '/changing', DESKTOP);
    }
    expect(after.body).toContain('/changing render 2');
    expect(Date.now() - changed).toBeLessThan(1000 + 250);
    expect(nonceOf(after)).not.toBe(nonceOf(before));
  });
});
