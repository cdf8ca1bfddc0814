import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { loadAppBundles, type AppBundle } from './apps';
import { loadGatewayConfig, type GatewayConfig } from './config';
import { createMetrics, type GatewayMetrics } from './metrics';
import { MicroCache } from './micro-cache';
import { hostApi, type HostedContent } from './parts/api';
import { serveAssets } from './parts/assets';
import { createInstance } from './parts/instance';
import type { PageCache } from './parts/page-cache';
import { servePages } from './parts/pages';
import { RenderLimiter } from './render-limiter';
import { serveUploads } from './parts/uploads';
import { serveShareImage } from './share-image';
import { SharedPages } from './shared-pages';

export interface GatewayOptions extends Partial<GatewayConfig> {
  /**
   * The API: an instance to mount in-process (tests), `false` for none, or undefined to build it
   * with `buildApp` from the api package (or proxy to apiUrl when set).
   */
  api?: FastifyInstance | false;
  /** Passed to buildApp when the gateway builds the API itself. */
  apiOptions?: Record<string, unknown>;
  /** App bundles to serve instead of loading the built apps (tests). */
  apps?: AppBundle[];
  /** The back office's build/client (tests); null serves none. Default: the built admin app. */
  adminDir?: string | null;
  logger?: boolean;
  /** Where request and cache metrics are counted (server.ts serves them on METRICS_PORT); default: a registry of its own. */
  metrics?: GatewayMetrics;
}

/**
 * Builds the gateway (not listening): API, uploads, assets and the three apps behind one origin.
 * The parts are registered in this order on purpose: Fastify gives a hook or scope only to what is
 * registered after it (the error handler first, compression after the uploads).
 */
export async function createGateway(options: GatewayOptions = {}): Promise<FastifyInstance> {
  const config: GatewayConfig = { ...loadGatewayConfig(), ...stripUndefined(options) };
  const metrics = options.metrics ?? createMetrics();
  const app = createInstance(config, metrics, options.logger !== false);
  const log = (msg: string) => app.log.info(msg);

  const api = await hostApi(
    app,
    config,
    { instance: options.api, buildOptions: options.apiOptions },
    metrics,
  );
  const cache = pageCache(config, api.content, metrics, (err) =>
    app.log.warn({ err }, 'shared page cache: Redis command failed (served without it)'),
  );
  await serveUploads(app, config.dataDir, api.forward);
  serveShareImage(app, config.shareImage);
  // Everything registered from here on is compressed on the fly (pages, API answers); uploads
  // above are mostly images and video, and hashed assets are precompressed once (assets.ts).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  const bundles = options.apps ?? (await loadAppBundles(log, config.renderMode));
  await serveAssets(app, bundles, options.adminDir, log);
  await servePages(app, { config, bundles, api: api.forRequest, cache, metrics, log });
  return app;
}

/**
 * The page caches: this process's always; the shared one when the in-process API has Redis. Pages
 * stay fresh until the content version changes or PAGE_CACHE_MAX_AGE_MS passes; a gateway that
 * cannot hear content changes (API_URL) keeps them MICRO_CACHE_MS, as before.
 */
function pageCache(
  config: GatewayConfig,
  content: HostedContent | null,
  metrics: GatewayMetrics,
  onRedisError: (err: unknown) => void,
): PageCache {
  const rules = {
    ...config.pageCache,
    maxAgeMs: content ? config.pageCache.maxAgeMs : config.microCacheMs,
  };
  const retentionMs = rules.maxAgeMs + rules.staleMs;
  let changedAt = 0;
  content?.onChange(() => (changedAt = Date.now()));
  return {
    local: new MicroCache(retentionMs),
    shared: content?.redis ? new SharedPages(content.redis, retentionMs, onRedisError) : null,
    version: content ? content.version : () => '',
    changedAt: () => changedAt,
    rules,
    cdn: config.cdn,
    limiter: new RenderLimiter(config.renderLimits),
    metrics,
    enabled: config.microCacheMs > 0,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
