import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppName } from '@portal/routes';
import type { AppBundle } from '../src/apps';
import { createGateway } from '../src/gateway';
import { createMetrics, routeKind, startMetricsServer, type GatewayMetrics } from '../src/metrics';
import { fakeApi } from './fake-api';

function app(name: AppName): AppBundle {
  return {
    name,
    handler: async () =>
      new Response(`<html data-app="${name}"></html>`, {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
  };
}

describe('gateway metrics', () => {
  let gateway: FastifyInstance;
  let metrics: GatewayMetrics;
  beforeAll(async () => {
    const api = fakeApi();
    api.get('/api/ping', async () => ({ code: 0, msg: '成功', data: null }));
    // The in-process API's own registry (apps/api/src/plugins/metrics.ts) is served with the gateway's.
    new Counter({ name: 'portal_leads_total', help: 'leads', registers: [api.metrics.registry] }).inc(3);
    metrics = createMetrics();
    gateway = await createGateway({
      api,
      metrics,
      dataDir: mkdtempSync(path.join(tmpdir(), 'gateway-metrics-')),
      adminDir: null,
      logger: false,
      microCacheMs: 60_000,
      publicOrigins: { desktop: 'http://localhost', mobile: 'http://localhost', configured: true },
      apps: [app('desktop'), app('mobile'), app('landing')],
    });
    gateway.addHook('onClose', async () => api.close());
  });
  afterAll(async () => gateway.close());

  const value = async (name: string, labels: Record<string, string>) => {
    const metric = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
    const found = metric?.values.find((v) =>
      Object.entries(labels).every(([k, l]) => (v.labels as Record<string, unknown>)[k] === l),
    );
    return found?.value ?? 0;
  };

  it('counts answers per route kind (the page app that rendered, the API) with their durations', async () => {
    await gateway.inject({ url: '/', headers: { cookie: 'vw=1280' } });
    await gateway.inject({ url: '/', headers: { cookie: 'vw=1280' } });
    await gateway.inject({ url: '/', headers: { cookie: 'vw=390' } });
    await gateway.inject({ url: '/vendor', headers: { cookie: 'vw=1280' } });
    await gateway.inject({ url: '/api/ping' });
    await gateway.inject({ url: '/api/no-such-call' });
    expect(await value('portal_http_requests_total', { kind: 'desktop', status: '2xx' })).toBe(2);
    expect(await value('portal_http_requests_total', { kind: 'mobile', status: '2xx' })).toBe(1);
    expect(await value('portal_http_requests_total', { kind: 'landing', status: '2xx' })).toBe(1);
    expect(await value('portal_http_requests_total', { kind: 'api', status: '2xx' })).toBe(1);
    expect(await value('portal_http_requests_total', { kind: 'api', status: '4xx' })).toBe(1);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/portal_http_request_duration_seconds_count\{kind="desktop"\} 2/);
  });

  it("serves the in-process API's metrics with its own", async () => {
    const { text } = await metrics.scrape();
    expect(text).toContain('portal_leads_total 3');
    expect(text).toContain('# TYPE portal_http_requests_total counter');
  });

  it('counts micro-cache hits and misses', async () => {
    const before = {
      hit: await value('portal_micro_cache_total', { result: 'hit' }),
      miss: await value('portal_micro_cache_total', { result: 'miss' }),
    };
    await gateway.inject({ url: '/news', headers: { cookie: 'vw=1280' } });
    await gateway.inject({ url: '/news', headers: { cookie: 'vw=1280' } });
    await gateway.inject({ url: '/news', headers: { cookie: 'vw=1280' } });
    expect(await value('portal_micro_cache_total', { result: 'miss' })).toBe(before.miss + 1);
    expect(await value('portal_micro_cache_total', { result: 'hit' })).toBe(before.hit + 2);
  });
});

describe('metrics server', () => {
  it('serves /metrics on 127.0.0.1 only, with process metrics, and 404 elsewhere', async () => {
    const metrics = createMetrics({ processMetrics: true });
    metrics.requests.inc({ kind: 'api', method: 'GET', status: '2xx' });
    const server = await startMetricsServer(metrics, 0);
    try {
      const address = server.address() as AddressInfo;
      expect(address.address).toBe('127.0.0.1');
      const res = await fetch(`http://127.0.0.1:${address.port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      const text = await res.text();
      expect(text).toContain('portal_http_requests_total{kind="api",method="GET",status="2xx"} 1');
      expect(text).toContain('portal_process_cpu_seconds_total');
      expect((await fetch(`http://127.0.0.1:${address.port}/`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('names route kinds from the path', () => {
    expect(routeKind('/api/get_news?x=1')).toBe('api');
    expect(routeKind('/admin/api/articles')).toBe('admin_api');
    expect(routeKind('/admin/assets/a.js')).toBe('assets');
    expect(routeKind('/admin/login')).toBe('admin');
    expect(routeKind('/assets/desktop/a.js')).toBe('assets');
    expect(routeKind('/uploads/seed/a.png')).toBe('uploads');
    expect(routeKind('/readyz')).toBe('health');
    expect(routeKind('/apix')).toBe('other');
  });
});
