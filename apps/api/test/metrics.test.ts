import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, startTestApp, type TestApp } from './helpers';

describe.each(DIALECTS)('API metrics (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, undefined, { cacheTtlMs: 60_000 });
  });
  afterAll(async () => t.close());

  it('counts read-cache misses and hits per call', async () => {
    await t.call('get_policy');
    await t.call('get_policy');
    await t.call('get_policy');
    const values = (await t.app.metrics.readCache.get()).values.filter((v) => v.labels.call === 'get_policy');
    const of = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
    expect(of('miss')).toBeGreaterThanOrEqual(1);
    expect(of('hit')).toBeGreaterThanOrEqual(2);
  });

  it('reports the PostgreSQL pool when scraped (nothing on SQLite)', async () => {
    const text = await t.app.metrics.registry.metrics();
    expect(text).toContain('# TYPE portal_sms_total counter');
    expect(text).toContain('# TYPE portal_leads_total counter');
    expect(text).toContain('# TYPE portal_search_push_total counter');
    if (dialect === 'postgres') expect(text).toMatch(/portal_db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toMatch(/portal_db_pool_connections\{/);
  });
});
