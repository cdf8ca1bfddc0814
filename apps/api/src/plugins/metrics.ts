import fp from 'fastify-plugin';
import { Counter, Gauge, Registry } from 'prom-client';

/**
 * The API's Prometheus metrics (prom-client), in a registry of this instance: the gateway that
 * hosts the API serves them with its own on METRICS_PORT (apps/gateway/src/metrics.ts). Counting
 * costs an increment; nothing is served from here.
 */
export interface ApiMetrics {
  registry: Registry;
  /** Public reads answered from the read cache (hit) or loaded (miss), per call. */
  readCache: Counter<'call' | 'result'>;
  /** SMS codes handed to the provider (sent) or refused by it (failed). */
  sms: Counter<'result'>;
  /** Leads stored: vendor meet registrations (vendor) and activity form submissions (form). */
  leads: Counter<'kind'>;
  /** Article URLs the search engine push provider took (sent), and articles whose push failed (failed). */
  searchPush: Counter<'result'>;
  /** Surrogate keys the CDN purge provider took (purged), and keys whose purge failed (failed). */
  cdnPurge: Counter<'result'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ApiMetrics;
  }
}

export default fp(
  async (app) => {
    const registry = new Registry();
    const metrics: ApiMetrics = {
      registry,
      readCache: new Counter({
        name: 'portal_api_read_cache_total',
        help: 'Public API reads answered from the read cache (hit) or loaded from the database (miss).',
        labelNames: ['call', 'result'],
        registers: [registry],
      }),
      sms: new Counter({
        name: 'portal_sms_total',
        help: 'SMS codes handed to the provider (sent) or refused by it (failed).',
        labelNames: ['result'],
        registers: [registry],
      }),
      leads: new Counter({
        name: 'portal_leads_total',
        help: 'Leads stored: vendor meet registrations (vendor) and activity form submissions (form).',
        labelNames: ['kind'],
        registers: [registry],
      }),
      searchPush: new Counter({
        name: 'portal_search_push_total',
        help: 'Article URLs the search engine push provider took (sent), and articles whose push failed and wait (failed).',
        labelNames: ['result'],
        registers: [registry],
      }),
      cdnPurge: new Counter({
        name: 'portal_cdn_purge_total',
        help: 'Surrogate keys the CDN purge provider took (purged), and keys whose purge failed and wait (failed).',
        labelNames: ['result'],
        registers: [registry],
      }),
    };
    // The PostgreSQL pool, read when scraped (nothing on SQLite, which has one connection).
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and queries waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = app.hasDecorator('database') ? app.database.poolStats?.() : undefined;
        if (!pool) return;
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    app.decorate('metrics', metrics);
  },
  { name: 'metrics' },
);
