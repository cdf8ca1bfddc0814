import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { PREFIX_RULES, UPLOADS_PREFIX } from '@portal/routes';

/**
 * Prometheus metrics of one gateway worker (prom-client), served on METRICS_PORT at 127.0.0.1 only
 * (never through nginx). Each worker has its own registry and port: Prometheus scrapes every worker
 * and sums. Route kinds: the page app that rendered (desktop, mobile, landing), `api`, `admin_api`,
 * `admin` (the back office document), `assets`, `uploads`, `health`, `other`.
 */
export interface GatewayMetrics {
  registry: Registry;
  requests: Counter<'kind' | 'method' | 'status'>;
  duration: Histogram<'kind'>;
  microCache: Counter<'result'>;
  /** Pages rendered (every app render, cached or not): a burst of first readers should add one. */
  renders: Counter<'app'>;
  /** Page requests refused by the overload rule (503 + Retry-After). */
  shed: Counter;
  /** Marks a page request with the app that rendered it (its route kind). */
  setKind(request: FastifyRequest, kind: string): void;
  /** The kind setKind gave the request, if any. */
  kindOf(request: FastifyRequest): string | undefined;
  /** Serves another registry's metrics with these (the in-process API's: read cache, SMS, leads, pool). */
  include(registry: Registry): void;
  /** Every metric in Prometheus's text format, and its content type. */
  scrape(): Promise<{ text: string; contentType: string }>;
}

const ADMIN = PREFIX_RULES.find((rule) => rule.app === 'admin');

/** The route kind of a path, before any page app is known. */
export function routeKind(url: string): string {
  const path = url.split('?', 1)[0] ?? '/';
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under('/api')) return 'api';
  if (ADMIN && under(ADMIN.assets)) return 'assets';
  if (ADMIN && under(`${ADMIN.prefix}/api`)) return 'admin_api';
  if (ADMIN && under(ADMIN.prefix)) return 'admin';
  if (under('/assets')) return 'assets';
  if (under(UPLOADS_PREFIX)) return 'uploads';
  if (path === '/healthz' || path === '/readyz') return 'health';
  return 'other';
}

/** A registry with the gateway's request metrics (and Node's process metrics when `processMetrics`). */
export function createMetrics(options: { processMetrics?: boolean } = {}): GatewayMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const kinds = new WeakMap<object, string>();
  const included: Registry[] = [];
  return {
    registry,
    requests: new Counter({
      name: 'portal_http_requests_total',
      help: 'Answers of the gateway by route kind, method and status class.',
      labelNames: ['kind', 'method', 'status'],
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by route kind.',
      labelNames: ['kind'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    microCache: new Counter({
      name: 'portal_micro_cache_total',
      help: 'Anonymous page requests: answered fresh from a page cache (hit), stale while it is rendered again (stale), or rendered for them (miss).',
      labelNames: ['result'],
      registers: [registry],
    }),
    renders: new Counter({
      name: 'portal_page_renders_total',
      help: 'Pages rendered by an app, cached or not.',
      labelNames: ['app'],
      registers: [registry],
    }),
    shed: new Counter({
      name: 'portal_page_shed_total',
      help: 'Page requests refused with 503 and Retry-After: more renders than the worker admits.',
      registers: [registry],
    }),
    setKind: (request, kind) => kinds.set(request.raw, kind),
    kindOf: (request) => kinds.get(request.raw),
    include: (other) => void included.push(other),
    scrape: async () => {
      const all = included.length > 0 ? Registry.merge([registry, ...included]) : registry;
      return { text: await all.metrics(), contentType: registry.contentType };
    },
  };
}

/**
 * Counts every answer and its duration. Measured on the raw response ('finish'/'close'), so the
 * in-process API's answers (written to the raw response, api-host.ts) are counted too.
 */
export function installRequestMetrics(app: FastifyInstance, metrics: GatewayMetrics): void {
  app.addHook('onRequest', async (request, reply) => {
    const started = process.hrtime.bigint();
    const done = () => {
      const kind = metrics.kindOf(request) ?? routeKind(request.url);
      const status = `${Math.floor(reply.raw.statusCode / 100)}xx`;
      metrics.requests.inc({ kind, method: request.method, status });
      metrics.duration.observe({ kind }, Number(process.hrtime.bigint() - started) / 1e9);
    };
    reply.raw.once('close', done);
  });
}

/** GET /metrics on 127.0.0.1:port (the text format); anything else 404. */
export async function startMetricsServer(metrics: GatewayMetrics, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?', 1)[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    metrics.scrape().then(
      ({ text, contentType }) => response.writeHead(200, { 'content-type': contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}
