import type { FastifyInstance } from 'fastify';
import { SCRIPTABLE_UPLOAD, UPLOAD_CSP, UPLOAD_MAX_AGE_S, UPLOADS_PREFIX } from '@portal/routes';
import { keyOfUploadUrl, type ByteRange } from '../lib/storage';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` against `size`: the inclusive range, 'bad' (416), or null (whole file). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'bad' | null {
  if (!header) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or another unit: the whole file
  if (size === 0) return 'bad';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? 'bad' : { start, end };
}

/**
 * GET /uploads/*: public files from the file store (DESIGN.md section 2). The gateway and nginx
 * answer from the local disk when the file is there; this route answers for the S3-compatible
 * store (and for the local one when the API runs alone). Only the public `uploads/` tree: paid
 * white papers under `private/` have no URL.
 */
export default async function uploadFileRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${UPLOADS_PREFIX}/*`,
    handler: async (request, reply) => {
      const key = keyOfUploadUrl(request.url.split('?')[0]);
      const notFound = () => reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      if (!key) return notFound();
      const store = app.fileStore;
      const info = await store.stat(key);
      if (!info) return notFound();
      const range = parseRange(request.headers.range, info.size);
      reply
        .header('cache-control', `public, max-age=${UPLOAD_MAX_AGE_S}`)
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes')
        .type(info.contentType);
      if (SCRIPTABLE_UPLOAD.test(key)) reply.header('content-security-policy', UPLOAD_CSP);
      if (range === 'bad') return reply.code(416).header('content-range', `bytes */${info.size}`).send();
      if (request.method === 'HEAD') return reply.header('content-length', info.size).send();
      const object = await store.get(key, range ?? undefined);
      if (!object) return notFound();
      if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      return reply.header('content-length', object.length).send(object.stream);
    },
  });
}
