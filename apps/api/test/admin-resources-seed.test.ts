import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_KINDS, RESOURCES, type ResourceDecl } from '@portal/api-client/admin-resources';
import { editorSession, writeHeaders } from './editor-helpers';
import { startTestApp, type TestApp } from './helpers';

/**
 * Every record of the demo content, as the back office reads it, saves back unchanged: the
 * declarations accept what the seed and the public pages hold (categories, sections, limits).
 */
describe('the demo content through the resource layer', () => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp('sqlite', undefined, { seed: true });
    headers = writeHeaders(await editorSession(t, 'roundtrip', 'admin'));
  }, 120_000);
  afterAll(async () => t?.close());

  it.each(RESOURCE_KINDS.filter((k) => (RESOURCES[k] as ResourceDecl).update !== false && k !== 'editors'))(
    '%s: each seeded record saves back as it reads',
    async (kind) => {
      const decl: ResourceDecl = RESOURCES[kind];
      const list = await t.inject({ method: 'GET', url: `/admin/api/${kind}?pageSize=100`, headers });
      expect(list.statusCode).toBe(200);
      const items = list.json<{ items: { id: string | number }[] }>().items;
      for (const item of items) {
        const url = `/admin/api/${kind}/${encodeURIComponent(String(item.id))}`;
        const record = (await t.inject({ method: 'GET', url, headers })).json<Record<string, unknown>>();
        const body = Object.fromEntries(
          decl.fields.filter((f) => !f.readOnly && !f.createOnly).map((f) => [f.name, record[f.name]]),
        );
        const res = await t.inject({ method: 'PUT', url, headers, payload: body });
        expect(res.statusCode, `${kind} ${item.id}: ${res.body}`).toBe(200);
        const after = res.json<Record<string, unknown>>();
        for (const f of decl.fields)
          if (f.type !== 'password') expect(after[f.name], `${kind}.${f.name}`).toEqual(record[f.name]);
      }
    },
    120_000,
  );
});
