import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppLoadContext } from 'react-router';
import type { Api } from '@portal/api-client';
import type { AppName } from '@portal/routes';
import { APP_NAMES, type AppBundle, type AppHandler } from '../apps';
import type { GatewayConfig } from '../config';
import type { GatewayMetrics } from '../metrics';
import { originOf } from '../origins';
import { renderApp, toWebRequest } from '../render';
import { accelExpires, nginxPageReader } from '../nginx-page';
import { newNonce, pageSecurityHeaders } from '../security-headers';
import { routePage } from './hosts';
import { PAGE_BODY_LIMIT } from './instance';
import { sendPage, type PageCache } from './page-cache';
import { publicFiles } from './public-files';
import { MSG } from '@portal/api-client/messages';

export interface PageParts {
  config: GatewayConfig;
  bundles: readonly AppBundle[];
  /** The loaders' API for one request (parts/api.ts). */
  api: (request: FastifyRequest) => Api;
  cache: PageCache;
  metrics: GatewayMetrics;
  log: (msg: string) => void;
}

/**
 * App rendering: every path no other part claims is a page of one of the three apps, routed by host
 * and width (hosts.ts), answered with the app's public file or rendered with the request's own API,
 * CSP nonce and load context, through the page caches and the overload rule (page-cache.ts).
 */
export async function servePages(app: FastifyInstance, parts: PageParts) {
  const { config, cache, metrics } = parts;
  const handlers = new Map<AppName, AppHandler>();
  const clientDirs = new Map<AppName, string>();
  for (const bundle of parts.bundles) {
    handlers.set(bundle.name, bundle.handler);
    if (bundle.clientDir) clientDirs.set(bundle.name, bundle.clientDir);
  }
  parts.log(
    `gateway apps: ${APP_NAMES.map((n) => `${n}=${handlers.has(n) ? 'ready' : 'missing'}`).join(', ')}`,
  );
  const contexts = loadContexts(config);
  const publicFile = publicFiles(config.publicOrigins.desktop);
  const fromNginx = nginxPageReader(config.trustProxy);

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
    const page = await routePage(request, reply, config.publicOrigins, () => parts.api(request));
    if (!page) return reply;
    const target = pick(page.app, page.owned);
    if (!target) {
      request.log.error(`app ${page.app} is not built; cannot serve ${page.path}`);
      return reply.code(503).type('text/plain; charset=utf-8').send(MSG.serviceUnavailable);
    }
    const clientDir = clientDirs.get(target.name);
    if (!page.data && clientDir && (await publicFile(reply, clientDir, page.path))) return reply;

    metrics.setKind(request, target.name);
    const origin = originOf(config.publicOrigins, target.name);
    const pathAndQuery = `${page.url.pathname}${page.url.search}`;
    // One nonce per answer: in the CSP header and on every inline script of this page's HTML (a
    // copy nginx or a CDN keeps replays it, README "Page cache and CDN").
    const nonce = newNonce();
    reply.headers(pageSecurityHeaders(nonce, config.publicOrigins));
    const render = () =>
      renderApp(target.handler, toWebRequest(request, reply, `${origin}${pathAndQuery}`), {
        ...contexts.get(target.name)!,
        api: parts.api(request),
        cspNonce: nonce,
      });
    const identity = { app: target.name, origin, pathAndQuery, width: page.width, data: page.data };
    return sendPage(request, reply, cache, identity, nonce, render);
  }

  // Pages: bodies (form actions, resource routes) are read whole, up to PAGE_BODY_LIMIT, and
  // handed to the app's action as they came; a larger one is refused with 413 before any render.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    // What nginx's page cache may keep of the answer (only nginx's page locations ask).
    scope.addHook('onSend', async (request, reply, payload) => {
      const nginx = fromNginx(request);
      if (nginx)
        reply.header(
          'X-Accel-Expires',
          accelExpires(request, reply, nginx, config.nginxPageCacheS, cache.cdn),
        );
      return payload;
    });
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PAGE_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.all('/*', handlePage);
    scope.all('/', handlePage);
  });
}

/** What every request's load context shares, per app; `api` and `cspNonce` are the request's own. */
function loadContexts(config: GatewayConfig): Map<AppName, Omit<AppLoadContext, 'api' | 'cspNonce'>> {
  // The browser buys its token with the configured credential, which root loaders render into the document.
  const clientCredential = { id: config.clientId, secret: config.clientSecret };
  return new Map(
    APP_NAMES.map((name) => [
      name,
      {
        clientCredential,
        publicOrigin: originOf(config.publicOrigins, name),
        publicOrigins: config.publicOrigins,
      },
    ]),
  );
}
