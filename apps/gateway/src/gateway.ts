import { existsSync, mkdirSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { AppLoadContext } from 'react-router';
import type * as ApiModule from 'api';
import type { Api } from '@portal/api-client';
import { COOKIE } from '@portal/api-client/constants';
import { redactingLoggerOptions } from '@portal/api-client/redact';
import { fallbackApi } from '@portal/api-client/server';
import { BEHIND_GATEWAY, requestIdOf } from '@portal/config';
import {
  PREFIX_RULES,
  SCRIPTABLE_UPLOAD,
  UPLOAD_CSP,
  UPLOAD_MAX_AGE_S,
  UPLOADS_PREFIX,
  appForWidth,
  resolveRoute,
  type AppName,
} from '@portal/routes';
import { adminClientDir, mountPrefixApp } from './admin';
import { mountApi, type ApiForwarder } from './api-host';
import { mobileArticleTarget } from './article-redirect';
import { APP_NAMES, loadAppBundles, type AppBundle, type AppHandler } from './apps';
import { createAssetServer } from './assets';
import { acceptsGzip, gzipWithNonce, precompress } from './cached-gzip';
import { loadGatewayConfig, type GatewayConfig } from './config';
import { inProcessApi } from './in-process-api';
import { createMetrics, installRequestMetrics, type GatewayMetrics } from './metrics';
import { MicroCache, microCacheKey, type CachedResponse } from './micro-cache';
import { isKnownHost, originOf, safePath } from './origins';
import { isShareable, renderApp, sendRendered, toWebRequest } from './render';
import { installSecurityHeaders, newNonce, pageSecurityHeaders, withNonce } from './security-headers';
import { readerWidth } from './width';
import { serveShareImage } from './share-image';
import { MSG } from '@portal/api-client/messages';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';

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

const PUBLIC_FILE = /^\/[\w.-]+\.(?:ico|svg|png|txt|xml|webmanifest|json)$/;
/**
 * Largest body of a page request (form actions, resource routes such as /article_pv): they post a
 * few fields. API bodies are not read here; the API applies its own limits.
 */
export const PAGE_BODY_LIMIT = 64 * 1024;
/** Cookies that do not make a request personal (the width and consent flags). */
const ANONYMOUS_COOKIES = new Set<string>([COOKIE.viewportWidth, COOKIE.consent]);

function isAnonymous(request: FastifyRequest): boolean {
  if (request.headers.authorization) return false;
  const cookie = request.headers.cookie;
  if (!cookie) return true;
  return cookie.split(';').every((part) => {
    const name = part.split('=')[0]?.trim();
    return !name || ANONYMOUS_COOKIES.has(name);
  });
}

/** React Router data requests ("/video.data", "/_root.data") resolve like the page they load. */
function pagePath(pathname: string): { path: string; data: boolean } {
  if (!pathname.endsWith('.data')) return { path: pathname, data: false };
  const stripped = pathname.slice(0, -'.data'.length);
  return { path: stripped === '/_root' ? '/' : stripped || '/', data: true };
}

/** Builds the gateway (not listening): API, uploads, assets and the three apps behind one origin. */
export async function createGateway(options: GatewayOptions = {}): Promise<FastifyInstance> {
  const config: GatewayConfig = { ...loadGatewayConfig(), ...stripUndefined(options) };
  const app = Fastify({
    logger: options.logger === false ? false : redactingLoggerOptions(config.logLevel),
    // Per-request lines would drown the log at portal traffic; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Client addresses come from the socket unless the peer is a proxy TRUST_PROXY names.
    trustProxy: [...config.trustProxy],
    bodyLimit: PAGE_BODY_LIMIT,
    // A request that reached a stopping gateway is served, not refused with 503: the in-process
    // API closes only after every request in flight has finished (server.ts drains first).
    return503OnClosing: false,
    // One request id from nginx (X-Request-Id) through the gateway to the API (api-host.ts).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A path the router cannot decode ("/news/%E4%B8") gets the same Chinese refusal as other bad requests.
    frameworkErrors: (error, request, reply) => sendGatewayError(error, request, reply),
  });
  const log = (msg: string) => app.log.info(msg);
  // Set before any scope is registered: a scope keeps the error handler it was registered under.
  app.setErrorHandler(sendGatewayError);
  installSecurityHeaders(app, config.publicOrigins);
  const metrics = options.metrics ?? createMetrics();
  installRequestMetrics(app, metrics);

  // ---- the API: in-process, proxied, or none ----
  const cache = new MicroCache(config.microCacheMs);
  /** The loaders' API for one request: in-process calls with the reader's identity, or HTTP. */
  let apiFor: (request: FastifyRequest) => Api;
  let forwardToApi: ApiForwarder | null = null;
  const httpApi = () => {
    const api = fallbackApi({
      API_URL: config.apiUrl,
      CLIENT_ID: config.clientId,
      CLIENT_SECRET: config.clientSecret,
    });
    return () => api;
  };
  if (options.api === false) {
    apiFor = httpApi();
  } else if (options.api || !config.apiUrl) {
    const apiApp = options.api ?? (await buildApi(config, options.apiOptions));
    await apiApp.ready();
    if (!options.api) app.addHook('onClose', async () => apiApp.close());
    forwardToApi = await mountApi(app, { app: apiApp });
    // A publish, edit or approval anywhere (this process, or another through Redis / the database
    // version) drops the cached pages here too, so readers see it within 2 s.
    apiApp.contentChanges.onChange(() => cache.clear());
    // The API's own counters (read cache, SMS, leads, database pool) are served with the gateway's.
    metrics.include(apiApp.metrics.registry);
    apiFor = (request) => inProcessApi(apiApp, request);
  } else {
    forwardToApi = await mountApi(app, { url: config.apiUrl });
    apiFor = httpApi();
  }
  // The browser buys its token with the configured credential, which root loaders render into the document.
  const clientCredential = { id: config.clientId, secret: config.clientSecret };
  /** What every request's load context shares; `api` and `cspNonce` are the request's own (handlePage). */
  const appContexts = new Map<AppName, Omit<AppLoadContext, 'api' | 'cspNonce'>>(
    APP_NAMES.map((name) => [
      name,
      {
        clientCredential,
        publicOrigin: originOf(config.publicOrigins, name),
        publicOrigins: config.publicOrigins,
      },
    ]),
  );

  // ---- uploads ----
  // Straight from DATA_DIR/uploads when the file is on this disk (the default store, seeded files);
  // otherwise the API streams it from the configured store (STORAGE_URL), with the same headers.
  const uploads = path.resolve(config.dataDir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads,
    serve: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: UPLOAD_MAX_AGE_S * 1000,
    setHeaders: (res, filePath) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      // Only types a browser could run script in get the sandbox: a sandboxed video or PDF
      // (an opaque origin) would not play in the players' iframes.
      if (SCRIPTABLE_UPLOAD.test(filePath)) res.setHeader('Content-Security-Policy', UPLOAD_CSP);
    },
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOADS_PREFIX}/*`,
    handler: async (request, reply) => {
      const rel = (request.params as { '*': string })['*'];
      const file = path.resolve(uploads, rel);
      const onDisk =
        file.startsWith(uploads + path.sep) &&
        !rel.split('/').some((part) => part.startsWith('.')) &&
        ((await stat(file).catch(() => null))?.isFile() ?? false);
      if (onDisk) return reply.sendFile(rel);
      if (forwardToApi) return forwardToApi(request, reply);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    },
  });

  serveShareImage(app, config.shareImage);

  // Everything registered from here on is compressed on the fly (pages, API answers); uploads
  // above are mostly images and video, and hashed assets are precompressed once (assets.ts).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });

  // ---- the apps and their hashed assets ----
  const bundles = options.apps ?? (await loadAppBundles(log, config.renderMode));
  const handlers = new Map<AppName, AppHandler>();
  const clientDirs = new Map<AppName, string>();
  /** robots.txt of each app with its Sitemap line, made on first request. */
  const robotsTxt = new Map<string, string>();
  for (const bundle of bundles) {
    handlers.set(bundle.name, bundle.handler);
    if (bundle.clientDir) clientDirs.set(bundle.name, bundle.clientDir);
    const assets = bundle.clientDir && path.join(bundle.clientDir, 'assets', bundle.name);
    if (assets && existsSync(assets)) {
      const server = createAssetServer(assets);
      app.get(`/assets/${bundle.name}/*`, { compress: false }, (request, reply) =>
        server.serve((request.params as { '*': string })['*'], request, reply),
      );
      app.addHook('onListen', async () => {
        server.warm().then(
          (n) => app.log.info(`assets ${bundle.name}: ${n} files ready`),
          (error: unknown) => app.log.warn({ err: error }, `assets ${bundle.name}: warm-up failed`),
        );
      });
    }
  }
  log(`gateway apps: ${APP_NAMES.map((n) => `${n}=${handlers.has(n) ? 'ready' : 'missing'}`).join(', ')}`);
  // Prefix apps (the route table's prefix rules: /admin) own their whole prefix at every width;
  // Fastify matches their routes ahead of the page catch-all below.
  const prefixDirs = { admin: options.adminDir === undefined ? adminClientDir() : options.adminDir };
  for (const rule of PREFIX_RULES) await mountPrefixApp(app, rule, prefixDirs[rule.app], log);
  // An unknown hashed asset is a plain 404 (never a page), so a stale chunk fails fast and reloads.
  app.all('/assets/*', async (_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not Found'),
  );

  function pick(appName: AppName, owned: boolean): { name: AppName; handler: AppHandler } | undefined {
    const own = handlers.get(appName);
    if (own) return { name: appName, handler: own };
    // Shared and unknown paths fall back to any built app; a route owned by a missing app cannot.
    if (owned) return undefined;
    for (const name of APP_NAMES) {
      const h = handlers.get(name);
      if (h) return { name, handler: h };
    }
    return undefined;
  }

  async function handlePage(request: FastifyRequest, reply: FastifyReply) {
    // Pages are served on the public hosts only: an unknown Host goes to the canonical one (or
    // gets 421 when it cannot be redirected), so a forged Host never reaches a render or the cache.
    if (!isKnownHost(request.host, config.publicOrigins)) {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply.code(421).type('text/plain; charset=utf-8').send('请求的域名不正确');
      }
      return reply
        .code(302)
        .header('Location', `${config.publicOrigins.desktop}${safePath(request.url)}`)
        .header('Cache-Control', 'no-store')
        .send();
    }
    const url = new URL(safePath(request.url), 'http://gateway.invalid');
    const { path: routePath, data } = pagePath(url.pathname);
    const width = readerWidth({
      host: request.host,
      cookie: request.headers.cookie,
      userAgent: request.headers['user-agent'],
    });
    const resolution = resolveRoute(routePath, url.search, width);
    reply.header('Vary', 'Cookie, User-Agent');
    // Width redirects happen here, before any rendering (DESIGN.md section 2).
    const readable = !data && (request.method === 'GET' || request.method === 'HEAD');
    if (resolution.redirect && readable) {
      return reply
        .code(302)
        .header('Location', safePath(resolution.redirect))
        .header('Cache-Control', 'no-store')
        .send();
    }
    let appName = resolution.app;
    if (resolution.articleId !== undefined && readable) {
      const location = await mobileArticleTarget(apiFor(request), resolution.articleId);
      if (location)
        return reply.code(302).header('Location', location).header('Cache-Control', 'no-store').send();
      // No such article: the reader's own app renders its 404 page for this path.
      appName = appForWidth(width);
    }
    const target = pick(appName, resolution.rule !== undefined && appName === resolution.app);
    if (!target) {
      request.log.error(`app ${resolution.app} is not built; cannot serve ${routePath}`);
      return reply.code(503).type('text/plain; charset=utf-8').send(MSG.serviceUnavailable);
    }
    const clientDir = clientDirs.get(target.name);
    if (!data && PUBLIC_FILE.test(routePath) && clientDir && isFile(path.join(clientDir, routePath))) {
      reply.header('Cache-Control', 'public, max-age=3600');
      if (routePath === '/robots.txt') {
        // The app's rules, then where the sitemap is: an absolute URL on the configured public
        // origin, which the built file cannot know (the m. host points at it too, as the protocol allows).
        // Built files do not change while the process runs: read once per app.
        let robots = robotsTxt.get(clientDir);
        if (!robots) {
          const rules = (await readFile(path.join(clientDir, routePath), 'utf8')).trimEnd();
          robots = `${rules}\n\nSitemap: ${config.publicOrigins.desktop}/sitemap.xml\n`;
          robotsTxt.set(clientDir, robots);
        }
        return reply.type('text/plain; charset=utf-8').send(robots);
      }
      return reply.sendFile(routePath.slice(1), clientDir);
    }

    metrics.setKind(request, target.name);
    const origin = originOf(config.publicOrigins, target.name);
    // One nonce per answer: in the CSP header and on every inline script of this page's HTML.
    const nonce = newNonce();
    reply.headers(pageSecurityHeaders(nonce, config.publicOrigins));
    const render = () =>
      renderApp(target.handler, toWebRequest(request, reply, `${origin}${url.pathname}${url.search}`), {
        ...appContexts.get(target.name)!,
        api: apiFor(request),
        cspNonce: nonce,
      });
    const cacheable = cache.enabled && request.method === 'GET' && !data && isAnonymous(request);
    if (!cacheable) return sendRendered(reply, await render());

    const key = microCacheKey({
      app: target.name,
      origin,
      host: request.host,
      pathAndQuery: `${url.pathname}${url.search}`,
      width,
      cookie: request.headers.cookie,
    });
    const hit = cache.get(key);
    if (hit) {
      metrics.microCache.inc({ result: 'hit' });
      return sendCached(request, reply, hit, nonce);
    }
    const joined = cache.pending(key);
    if (joined) {
      const shared = await joined;
      if (shared) {
        metrics.microCache.inc({ result: 'hit' });
        return sendCached(request, reply, shared, nonce);
      }
      return sendRendered(reply, await render());
    }
    let own: Awaited<ReturnType<typeof render>> | undefined;
    await cache.fill(key, async () => {
      own = await render();
      return isShareable(own) ? own : null;
    });
    metrics.microCache.inc({ result: 'miss' });
    return sendRendered(reply, own!, 'MISS');
  }

  // Pages: bodies (form actions, resource routes) are read whole, up to PAGE_BODY_LIMIT, and
  // handed to the app's action as they came; a larger one is refused with 413 before any render.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PAGE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.all('/*', handlePage);
    scope.all('/', handlePage);
  });

  return app;
}

/**
 * A page rendered for another request, replayed with this request's nonce: as gzip compressed once
 * per cached page when the reader takes it (cached-gzip.ts), else as HTML (compressed on the fly).
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, page: CachedResponse, nonce: string) {
  if (!acceptsGzip(request.headers['accept-encoding']))
    return sendRendered(reply, withNonce(page, nonce), 'HIT');
  page.gzip ??= precompress(page.body, page.nonce);
  reply.header('Content-Encoding', 'gzip').header('Vary', 'Cookie, User-Agent, Accept-Encoding');
  return sendRendered(reply, { ...page, body: gzipWithNonce(page.gzip, nonce) }, 'HIT');
}

/** Plain-text answers of the gateway's own refusals. */
const ERROR_TEXT: Record<number, string> = {
  413: '提交的内容过大',
  500: ERROR_MESSAGES[ErrorCode.ServerError],
};

/** Plain Chinese text for every failure outside the apps (bad URL, media type, body): never Fastify's English JSON. */
function sendGatewayError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const code = error.statusCode;
  const status = typeof code === 'number' && code >= 400 && code < 500 ? code : 500;
  // A refused request (too large, malformed) is the client's doing, not an error of ours.
  if (status === 500) request.log.error({ err: error }, 'gateway error');
  else request.log.info({ code: error.code }, error.message);
  if (reply.sent) return;
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(ERROR_TEXT[status] ?? '请求无效');
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

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
