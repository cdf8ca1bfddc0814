import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { CONTENT_CHANNEL, bumpContentVersion } from '../src/plugins/content-changes';
import { DIALECTS, startTestApp, type TestApp } from './helpers';

/** Resolves on the next change `app` hears of. */
function nextChange(app: FastifyInstance): Promise<void> {
  return new Promise((resolve) => {
    const off = app.contentChanges.onChange(() => {
      off();
      resolve();
    });
  });
}

describe.each(DIALECTS)('content changes reach every process on %s', (dialect) => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    other = await buildApp(t.config);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('an announce clears this process’s read cache at once', async () => {
    let loads = 0;
    const load = async () => ++loads;
    await t.app.readCache.wrap('get_news', 'k', load, 60_000);
    await t.app.readCache.wrap('get_news', 'k', load, 60_000);
    expect(loads).toBe(1);
    await t.app.contentChanges.announce();
    await t.app.readCache.wrap('get_news', 'k', load, 60_000);
    expect(loads).toBe(2);
  });

  it('another process without Redis hears it through the database version (also what `pnpm admin` bumps)', async () => {
    const heard = nextChange(other);
    await bumpContentVersion(t.app.database);
    await heard;
  });

  it('gives every change a new version, which the other process then knows too', async () => {
    const before = t.app.contentChanges.version();
    const heard = nextChange(other);
    await t.app.contentChanges.announce();
    expect(t.app.contentChanges.version()).not.toBe(before);
    await heard;
    expect(other.contentChanges.version()).toBe(t.app.contentChanges.version());
  });

  it('tells announce listeners what changed, in the announcing process only', async () => {
    const here: unknown[] = [];
    const there: unknown[] = [];
    const offHere = t.app.contentChanges.onAnnounce(async (change) => void here.push(change));
    const offThere = other.contentChanges.onAnnounce(async (change) => void there.push(change));
    const heard = nextChange(other);
    await t.app.contentChanges.announce({ articles: [5] });
    await heard;
    offHere();
    offThere();
    expect(here).toEqual([{ articles: [5] }]);
    expect(there).toEqual([]);
  });
});

describe.skipIf(!process.env.REDIS_URL)('content changes over Redis pub/sub', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp('sqlite', undefined, { redisUrl: process.env.REDIS_URL });
    other = await buildApp(t.config);
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('reaches a process that shares Redis (a message alone, no database version change)', async () => {
    const heard = nextChange(other);
    await t.app.redis!.publish(CONTENT_CHANNEL, 'another-process');
    await heard;
  });

  it('carries the new version in the message', async () => {
    const heard = nextChange(other);
    await t.app.redis!.publish(CONTENT_CHANNEL, 'another-process 123:v');
    await heard;
    expect(other.contentChanges.version()).toBe('123:v');
  });
});
