/**
 * Every back-office preview (RESOURCE_PREVIEWS of @portal/routes) is a page the running gateway
 * serves (issue 24): the three built apps and the in-process API on the demo seed, a page kind's
 * preview as it is, a record kind's for the first seeded record the back office lists, at both
 * widths. Needs the built apps (turbo builds them before this package's tests).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceKind } from '@portal/api-client/admin-resources';
import { RESOURCE_PREVIEWS, previewPath } from '@portal/routes';
import { appsBuilt, seededGateway, type SeededGateway } from './seeded-gateway';

const EDITOR = { username: 'preview-test', password: 'preview-test-2026' };
const WIDTHS = [1280, 390];
/** Width redirects followed before a preview must have answered (a 302 to the other app's page). */
const MAX_REDIRECTS = 2;

/** Adds an editor with the API's own command line (`pnpm admin`), on the gateway's database. */
async function addEditor(dataDir: string): Promise<void> {
  const apiDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve('api')), '..');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const { username, password } = EDITOR;
  const args = ['src/admin/cli.ts', 'editor', 'add', username, '--role', 'editor', '--password', password];
  await promisify(execFile)(path.join(apiDir, 'node_modules/.bin/tsx'), args, {
    cwd: apiDir,
    env,
    timeout: 60_000,
  });
}

describe.skipIf(!appsBuilt())('back-office previews through the gateway', () => {
  let seeded: SeededGateway | undefined;
  let cookie = '';
  const inject = (options: InjectOptions) => seeded!.gateway.inject(options);

  beforeAll(async () => {
    seeded = await seededGateway('gateway-previews');
    await addEditor(seeded.dataDir);
    const login = await inject({ method: 'POST', url: '/admin/api/session', payload: EDITOR });
    expect(login.statusCode, login.body).toBe(200);
    cookie = String(login.headers['set-cookie']).split(';')[0];
  }, 180_000);
  afterAll(() => seeded?.close());

  /** The key of the first record of a kind the back office lists (a seeded one). */
  async function seededKey(kind: ResourceKind): Promise<string> {
    const res = await inject({ url: `/admin/api/${kind}?pageSize=1`, headers: { cookie } });
    expect(res.statusCode, `${kind}: ${res.body.slice(0, 200)}`).toBe(200);
    const [record] = (res.json() as { items: Record<string, unknown>[] }).items;
    expect(record, `a seeded record of ${kind}`).toBeDefined();
    return String(record[RESOURCES[kind].idField]);
  }

  /** The status of a page for a reader of this width, after the width redirects. */
  async function statusOf(url: string, width: number): Promise<{ status: number; url: string }> {
    let res = await inject({ url, headers: { cookie: `vw=${width}` } });
    for (let hop = 0; hop < MAX_REDIRECTS && res.statusCode === 302; hop++) {
      url = String(res.headers.location);
      res = await inject({ url, headers: { cookie: `vw=${width}` } });
    }
    return { status: res.statusCode, url };
  }

  it.each(Object.keys(RESOURCE_PREVIEWS) as ResourceKind[])(
    '%s: the preview is a page (200 at both widths, not 404)',
    async (kind) => {
      const key = 'record' in RESOURCE_PREVIEWS[kind]! ? await seededKey(kind) : null;
      const preview = previewPath(kind, key);
      expect(preview, kind).not.toBeNull();
      for (const width of WIDTHS) {
        const { status, url } = await statusOf(preview!, width);
        expect(status, `${kind}: ${preview} (${url}) at ${width}px`).toBe(200);
      }
    },
    60_000,
  );
});
