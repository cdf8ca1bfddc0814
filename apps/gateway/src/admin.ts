import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PrefixRule } from '@portal/routes';
import { createAssetServer } from './assets';
import { adminSecurityHeaders, inlineScriptHashes } from './security-headers';

/** The back office's document: never cached, never framed, never indexed; its CSP allows its own inline scripts by hash. */
function adminHeaders(document: string): Record<string, string> {
  return {
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex, nofollow',
    ...adminSecurityHeaders(inlineScriptHashes(document)),
  };
}

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
 * A prefix app (the back office under /admin, a prefix rule of the route table): its single-page
 * app at every width. Hashed assets under the rule's assets path; every other path below the prefix
 * gets the app's document and the client router takes it from there. Its JSON API is mounted with
 * the public API (api-host.ts), from the same rule.
 */
export async function mountPrefixApp(
  app: FastifyInstance,
  rule: PrefixRule,
  clientDir: string | null,
  log: (msg: string) => void,
) {
  const paths = [rule.prefix, `${rule.prefix}/*`];
  if (!clientDir) {
    log(`app ${rule.app}: not built (run pnpm --filter ${rule.app} build); ${rule.prefix} answers 503`);
    for (const url of paths) {
      app.get(url, async (_request, reply) =>
        reply.code(503).type('text/plain; charset=utf-8').send('编辑后台尚未构建'),
      );
    }
    return;
  }
  const document = readFileSync(path.join(clientDir, 'index.html'));
  const headers = adminHeaders(document.toString('utf8'));
  const assets = createAssetServer(path.join(clientDir, rule.assets.slice(rule.prefix.length)));
  app.get(`${rule.assets}/*`, { compress: false }, (request, reply) =>
    assets.serve((request.params as { '*': string })['*'], request, reply),
  );
  const sendDocument = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.headers(headers).type('text/html; charset=utf-8').send(document);
  for (const url of paths) app.get(url, sendDocument);
  log(`app ${rule.app}: ready`);
}
