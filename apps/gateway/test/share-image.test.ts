import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '@portal/config';
import { SHARE_IMAGE_PATH } from '@portal/routes';
import { createGateway } from '../src/gateway';
import { loadGatewayConfig } from '../src/config';
import { DEFAULT_SHARE_IMAGE } from '../src/share-image';

const dir = mkdtempSync(path.join(tmpdir(), 'share-image-'));
const file = (name: string, bytes: Buffer | string) => {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
};
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

describe('the site share picture', () => {
  let gateway: FastifyInstance | undefined;
  afterEach(async () => gateway?.close());

  const start = async (shareImage?: string) => {
    gateway = await createGateway({ api: false, apps: [], logger: false, dataDir: dir, shareImage });
    return gateway;
  };

  it('serves the shipped PNG by default, cacheable', async () => {
    expect(loadGatewayConfig({}).shareImage).toBe(DEFAULT_SHARE_IMAGE);
    const res = await (await start()).inject({ url: SHARE_IMAGE_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('max-age=');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('serves the configured JPEG (SHARE_IMAGE)', async () => {
    const jpeg = file('site.jpg', JPEG);
    expect(loadGatewayConfig({ SHARE_IMAGE: jpeg }).shareImage).toBe(jpeg);
    const res = await (await start(jpeg)).inject({ url: SHARE_IMAGE_PATH });
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.equals(JPEG)).toBe(true);
  });

  it('refuses at start a file scrapers cannot show, naming SHARE_IMAGE', async () => {
    for (const bad of [
      file('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'),
      path.join(dir, 'missing.png'),
    ]) {
      const failure = await start(bad).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ConfigError);
      expect((failure as ConfigError).issues.map((i) => i.variable)).toEqual(['SHARE_IMAGE']);
    }
    gateway = undefined;
  });
});
