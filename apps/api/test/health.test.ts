import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, isolatedRedisUrl, startTestApp, type TestApp } from './helpers';

/** /healthz and /readyz (DESIGN.md section 9): outside /api, no token, never cached. */
describe.each(DIALECTS)('health endpoints (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, undefined, process.env.REDIS_URL ? { redisUrl: isolatedRedisUrl() } : {});
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/healthz answers while the process lives', async () => {
    const res = await t.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database (and Redis, when set) answer', async () => {
    const res = await t.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: 'up',
      redis: process.env.REDIS_URL ? 'up' : 'off',
    });
  });

  it('/readyz answers 503 naming what is down', async () => {
    // The database gone (its pool closed): what a worker sees when PostgreSQL stops.
    await t.app.database.close();
    const res = await t.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
  });
});
