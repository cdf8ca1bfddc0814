import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createAssetServer } from './assets';

/** The back office's document: never cached, never framed, never indexed. */
const ADMIN_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex, nofollow',
};

/** build/client of apps/admin (its package export), or null when it has not been built. */
export function adminClientDir(): string | null {
  try {
    const index = createRequire(import.meta.url).resolve('admin/client');
    return existsSync(index) ? path.dirname(index) : null;
  } catch {
    return null;
  }
}

/**
 * /admin: the back office's single-page app at every width (its JSON API, /admin/api, is mounted
 * with the public API). Hashed assets under /admin/assets/, every other path gets the app's
 * document and the client router takes it from there.
 */
export async function mountAdmin(app: FastifyInstance, clientDir: string | null, log: (msg: string) => void) {
  if (!clientDir) {
    log('app admin: not built (run pnpm --filter admin build); /admin answers 503');
    app.get('/admin', async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('编辑后台尚未构建'),
    );
    app.get('/admin/*', async (_request, reply) =>
      reply.code(503).type('text/plain; charset=utf-8').send('编辑后台尚未构建'),
    );
    return;
  }
  const document = readFileSync(path.join(clientDir, 'index.html'));
  const assets = createAssetServer(path.join(clientDir, 'assets'));
  app.get('/admin/assets/*', { compress: false }, (request, reply) =>
    assets.serve((request.params as { '*': string })['*'], request, reply),
  );
  const sendDocument = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.headers(ADMIN_HEADERS).type('text/html; charset=utf-8').send(document);
  app.get('/admin', sendDocument);
  app.get('/admin/*', sendDocument);
  log('app admin: ready');
}
