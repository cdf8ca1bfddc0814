import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.map', '.json', '.svg']);
const SAFE_NAME = /^[\w.-]+(?:\/[\w.-]+)*$/;

interface Entry {
  raw: Buffer;
  type: string;
  br?: Promise<Buffer>;
  gzip?: Promise<Buffer>;
}

/**
 * Serves one app's hashed assets. A hashed file never changes, so each is read once and its
 * brotli (max quality) and gzip forms are made once and kept: no per-request compression work.
 */
export function createAssetServer(dir: string) {
  const cache = new Map<string, Promise<Entry | null>>();

  async function load(name: string): Promise<Entry | null> {
    const file = path.join(dir, name);
    try {
      if (!(await stat(file)).isFile()) return null;
      const ext = path.extname(name).toLowerCase();
      return { raw: await readFile(file), type: TYPES[ext] ?? 'application/octet-stream' };
    } catch {
      return null;
    }
  }

  function entryOf(name: string): Promise<Entry | null> {
    let pending = cache.get(name);
    if (!pending) {
      pending = load(name);
      cache.set(name, pending);
    }
    return pending;
  }

  const compressBr = (entry: Entry) =>
    (entry.br ??= brotli(entry.raw, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.raw.length },
    }));
  const compressGzip = (entry: Entry) => (entry.gzip ??= gz(entry.raw, { level: 9 }));

  /** Compresses every asset in the background after start, so the first readers wait for nothing. */
  async function warm(): Promise<number> {
    const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((d) => d.isFile())
      .map((d) => path.relative(dir, path.join(d.parentPath, d.name)).split(path.sep).join('/'));
    for (const name of names) {
      if (!COMPRESSIBLE.has(path.extname(name).toLowerCase())) continue;
      const entry = await entryOf(name);
      if (entry && entry.raw.length > 1024) await Promise.all([compressBr(entry), compressGzip(entry)]);
    }
    return names.length;
  }

  async function serve(name: string, request: FastifyRequest, reply: FastifyReply) {
    if (!SAFE_NAME.test(name) || name.split('/').includes('..'))
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    const entry = await entryOf(name);
    if (!entry) {
      cache.delete(name); // a later deploy may add it
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .type(entry.type);
    const ext = path.extname(name).toLowerCase();
    if (COMPRESSIBLE.has(ext) && entry.raw.length > 1024) {
      reply.header('Vary', 'Accept-Encoding');
      const accept = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accept)) {
        return reply.header('Content-Encoding', 'br').send(await compressBr(entry));
      }
      if (/\bgzip\b/.test(accept)) {
        return reply.header('Content-Encoding', 'gzip').send(await compressGzip(entry));
      }
    }
    return reply.send(entry.raw);
  }

  return { serve, warm };
}
