import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SCRIPTABLE_UPLOAD, UPLOAD_CSP, UPLOAD_MAX_AGE_S, UPLOADS_PREFIX } from '@portal/routes';
import type { ApiForwarder } from '../api-host';

/**
 * Uploads, straight from DATA_DIR/uploads when the file is on this disk (the default store, seeded
 * files); otherwise the API streams it from the configured store (STORAGE_URL), with the same headers.
 */
export async function serveUploads(app: FastifyInstance, dataDir: string, forward: ApiForwarder | null) {
  const uploads = path.resolve(dataDir, 'uploads');
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
      if (forward) return forward(request, reply);
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    },
  });
}
