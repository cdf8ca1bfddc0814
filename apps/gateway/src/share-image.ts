import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '@portal/config';
import { SHARE_IMAGE_PATH } from '@portal/routes';

/** The picture shipped with the portal (1200x630 PNG), used when SHARE_IMAGE is not set. */
export const DEFAULT_SHARE_IMAGE = fileURLToPath(new URL('../assets/share.png', import.meta.url));

/** Share scrapers fetch a few hundred KB at most; a larger file is a mistake, caught at start. */
const MAX_BYTES = 2 * 1024 * 1024;
const SIGNATURES: readonly { type: string; magic: readonly number[] }[] = [
  { type: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
];

/** The configured share picture's bytes and type; a ConfigError naming SHARE_IMAGE when unusable. */
export function readShareImage(file: string): { bytes: Buffer; type: string } {
  const refuse = (message: string) => new ConfigError('gateway', [{ variable: 'SHARE_IMAGE', message }]);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    throw refuse(`cannot read ${file}`);
  }
  if (bytes.length > MAX_BYTES) throw refuse(`${file} is over ${MAX_BYTES / 1024 / 1024} MB`);
  const kind = SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b));
  if (!kind) throw refuse(`${file} is neither a PNG nor a JPEG (share cards take no SVG or WebP)`);
  return { bytes, type: kind.type };
}

/** GET SHARE_IMAGE_PATH: the site's share picture, read once at start. */
export function serveShareImage(app: FastifyInstance, file: string): void {
  const { bytes, type } = readShareImage(file);
  app.route({
    method: ['GET', 'HEAD'],
    url: SHARE_IMAGE_PATH,
    handler: (_request, reply) =>
      reply
        .header('Cache-Control', 'public, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff')
        .type(type)
        .send(bytes),
  });
}
