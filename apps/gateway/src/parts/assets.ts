import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PREFIX_RULES } from '@portal/routes';
import { adminClientDir, mountPrefixApp } from '../admin';
import type { AppBundle } from '../apps';
import { createAssetServer } from '../assets';

/**
 * Each app's hashed assets (precompressed once, assets.ts; warmed when the gateway listens), the
 * prefix apps (the route table's prefix rules: /admin, which own their whole prefix at every width,
 * matched by Fastify ahead of the page catch-all), and a plain 404 for any other hashed asset.
 * `adminDir`: the back office's build/client, null for none, undefined for the built admin app.
 */
export async function serveAssets(
  app: FastifyInstance,
  bundles: readonly AppBundle[],
  adminDir: string | null | undefined,
  log: (msg: string) => void,
) {
  for (const bundle of bundles) {
    const assets = bundle.clientDir && path.join(bundle.clientDir, 'assets', bundle.name);
    if (!assets || !existsSync(assets)) continue;
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
  const prefixDirs = { admin: adminDir === undefined ? adminClientDir() : adminDir };
  for (const rule of PREFIX_RULES) await mountPrefixApp(app, rule, prefixDirs[rule.app], log);
  // An unknown hashed asset is a plain 404 (never a page), so a stale chunk fails fast and reloads.
  app.all('/assets/*', async (_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not Found'),
  );
}
