import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as ApiModule from 'api';
import type { Api } from '@portal/api-client';
import { fallbackApi } from '@portal/api-client/server';
import { BEHIND_GATEWAY } from '@portal/config';
import { mountApi, type ApiForwarder } from '../api-host';
import type { GatewayConfig } from '../config';
import { inProcessApi } from '../in-process-api';
import type { GatewayMetrics } from '../metrics';
import type { PageRedis } from '../shared-pages';

/** The API as the rest of the gateway reaches it. */
export interface HostedApi {
  /** The loaders' API for one request: in-process calls with the reader's identity, or HTTP. */
  forRequest: (request: FastifyRequest) => Api;
  /** Hands a request the gateway routed (an upload not on this disk) to the API; null without one. */
  forward: ApiForwarder | null;
  /** The in-process API's content version and Redis, which the page caches use; null without it. */
  content: HostedContent | null;
}

export interface HostedContent {
  /** Changes with every publish, edit or approval, in every process (within the API's 2 s rule). */
  version: () => string;
  /** Runs `listener` whenever this process hears of a change (the version changed). */
  onChange: (listener: () => void) => void;
  /** The API's Redis connection (REDIS_URL), shared by the page cache; null without Redis. */
  redis: PageRedis | null;
}

export interface ApiChoice {
  /** An instance to mount in-process (tests), `false` for none, undefined to build it (or proxy to apiUrl). */
  instance?: FastifyInstance | false;
  /** Passed to buildApp when the gateway builds the API itself. */
  buildOptions?: Record<string, unknown>;
}

/**
 * The API, its health endpoints (/healthz, /readyz) and the sitemaps (api-host.ts): in-process,
 * proxied to API_URL, or none (the loaders then call API_URL over HTTP).
 */
export async function hostApi(
  app: FastifyInstance,
  config: GatewayConfig,
  choice: ApiChoice,
  metrics: GatewayMetrics,
): Promise<HostedApi> {
  if (choice.instance === false) return { forRequest: httpApi(config), forward: null, content: null };
  if (!choice.instance && config.apiUrl) {
    const forward = await mountApi(app, { url: config.apiUrl });
    return { forRequest: httpApi(config), forward, content: null };
  }
  const apiApp = choice.instance ?? (await buildApi(config, choice.buildOptions));
  await apiApp.ready();
  if (!choice.instance) app.addHook('onClose', async () => apiApp.close());
  const forward = await mountApi(app, { app: apiApp });
  // The API's own counters (read cache, SMS, leads, database pool) are served with the gateway's.
  metrics.include(apiApp.metrics.registry);
  return {
    forRequest: (request) => inProcessApi(apiApp, request),
    forward,
    // A publish, edit or approval anywhere (this process, or another through Redis / the database
    // version) changes the version: every cached page shown before it is stale, here and in Redis.
    content: {
      version: () => apiApp.contentChanges.version(),
      onChange: (listener) => void apiApp.contentChanges.onChange(listener),
      redis: apiApp.redis ?? null,
    },
  };
}

/** One HTTP client of API_URL with the configured credential, shared by every request. */
function httpApi(config: GatewayConfig): (request: FastifyRequest) => Api {
  const api = fallbackApi({
    API_URL: config.apiUrl,
    CLIENT_ID: config.clientId,
    CLIENT_SECRET: config.clientSecret,
  });
  return () => api;
}

/**
 * Builds the in-process API from the gateway's configuration: the settings both read (data
 * directory, client credential, log level, NODE_ENV) come from here, and the client's address is
 * the one the gateway determined (BEHIND_GATEWAY), never re-derived from forwarded headers.
 */
async function buildApi(
  config: GatewayConfig,
  apiOptions: Record<string, unknown> = {},
): Promise<FastifyInstance> {
  // Resolved at run time (the api package's dist), never bundled or pre-resolved by test tooling.
  const specifier = 'api';
  const { buildApp } = (await import(/* @vite-ignore */ specifier)) as typeof ApiModule;
  return buildApp({
    nodeEnv: config.nodeEnv,
    dataDir: config.dataDir,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    logLevel: config.logLevel,
    trustProxy: BEHIND_GATEWAY,
    publicOrigins: { desktop: config.publicOrigins.desktop, mobile: config.publicOrigins.mobile },
    ...apiOptions,
  });
}
