import { describe, expect, it } from 'vitest';
import {
  RESOURCE_KINDS,
  RESOURCES,
  canResource,
  type ResourceDecl,
} from '@portal/api-client/admin-resources';
import { DIALECTS } from './helpers';
import { ROLES } from './newsroom';
import { creatable, nextKey, resourceDesk, sample } from './resource-desk';

/**
 * Every declared back-office kind through the generic resource routes: roles, paging and filter
 * checks, 404s, create/read/update/delete with CSRF and audit, field validation and reordering.
 * The kinds' effects on the public calls are in admin-resources-public*.test.ts.
 */
describe.each(DIALECTS)('admin resources on %s', (dialect) => {
  const { who, admin, call, create } = resourceDesk(dialect);

  describe.each(RESOURCE_KINDS)('%s', (kind) => {
    const decl: ResourceDecl = RESOURCES[kind];

    it('lists for the roles that may read it, 403 for the others, 401 without a session', async () => {
      for (const role of ROLES) {
        const res = await call(who[role], 'GET', `/${kind}`);
        expect(res.statusCode, `${role} ${res.body}`).toBe(canResource(role, kind, 'read') ? 200 : 403);
        if (res.statusCode === 200) {
          const body = res.json() as { items: unknown[]; total: number };
          expect(Array.isArray(body.items)).toBe(true);
          expect(typeof body.total).toBe('number');
        }
      }
      expect((await call(null, 'GET', `/${kind}`)).statusCode).toBe(401);
    });

    it('bounds paging and checks filters', async () => {
      for (const q of ['pageSize=101', 'pageSize=0', 'page=0', 'page=abc', 'page=10001']) {
        const res = await call(admin(), 'GET', `/${kind}?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect((res.json() as { field?: string }).field).toBe(q.split('=')[0]);
      }
      const ok = await call(admin(), 'GET', `/${kind}?page=2&pageSize=1`);
      expect(ok.statusCode).toBe(200);
      const select = decl.filters.find((f) => f.type === 'select');
      if (select) {
        const bad = await call(admin(), 'GET', `/${kind}?${select.name}=__nope__`);
        expect(bad.statusCode).toBe(400);
        expect((bad.json() as { field?: string }).field).toBe(select.name);
      }
      const long = decl.filters[0];
      if (long)
        expect((await call(admin(), 'GET', `/${kind}?${long.name}=${'x'.repeat(101)}`)).statusCode).toBe(400);
    });

    it('answers 404 for a record that does not exist', async () => {
      const missing = decl.textId ? (kind === 'settings' ? 'seo:nowhere' : 'no-such-mark') : '987654321';
      expect((await call(admin(), 'GET', `/${kind}/${missing}`)).statusCode).toBe(404);
      if (decl.update !== false && kind !== 'audit-log') {
        const body = kind === 'members' ? { disabled: false, column_status: 0 } : sample(kind, 1);
        const res = await call(admin(), 'PUT', `/${kind}/${missing}`, body);
        expect(res.statusCode, res.body).toBe(404);
      }
      if (decl.remove !== false && kind !== 'audit-log') {
        expect((await call(admin(), 'DELETE', `/${kind}/${missing}`)).statusCode).toBe(404);
      }
      const keyMin = decl.fields.find((f) => f.name === decl.idField)?.min ?? 1;
      if (!decl.textId) expect((await call(admin(), 'GET', `/${kind}/${keyMin - 1}`)).statusCode).toBe(400);
    });

    it.runIf(creatable(decl))(
      'creates, reads, updates and deletes by role, with CSRF, and audits',
      async () => {
        const body = sample(kind, nextKey());
        // No CSRF token: 403 before anything else.
        expect((await call(admin(), 'POST', `/${kind}`, body, false)).statusCode).toBe(403);
        for (const role of ['editor', 'reviewer'] as const) {
          if (canResource(role, kind, 'write')) continue;
          expect((await call(who[role], 'POST', `/${kind}`, body)).statusCode, role).toBe(403);
        }
        const writer = canResource('editor', kind, 'write') ? who.editor : admin();
        const created = await call(writer, 'POST', `/${kind}`, body);
        expect(created.statusCode, created.body).toBe(201);
        const record = created.json() as Record<string, unknown> & { id: number | string };
        const url = `/${kind}/${encodeURIComponent(String(record.id))}`;
        const got = await call(admin(), 'GET', url);
        expect(got.statusCode).toBe(200);
        expect(got.json()).not.toHaveProperty('password');

        // Same key again: 409 for kinds keyed by the editor.
        const keyField = decl.fields.find((f) => f.createOnly);
        if (keyField) {
          const again = await call(admin(), 'POST', `/${kind}`, body);
          expect(again.statusCode, again.body).toBe(409);
        }

        const update = { ...body };
        for (const f of decl.fields) if (f.createOnly) delete update[f.name];
        for (const role of ['editor', 'reviewer'] as const) {
          const res = await call(who[role], 'PUT', url, update);
          expect(res.statusCode, `${role} ${res.body}`).toBe(canResource(role, kind, 'write') ? 200 : 403);
        }
        expect((await call(admin(), 'PUT', url, update, false)).statusCode).toBe(403);
        expect((await call(admin(), 'PUT', url, update)).statusCode).toBe(200);

        const audit = await call(admin(), 'GET', `/audit-log?action=create&pageSize=100`);
        const entries = (audit.json() as { items: { entity: string; entityId: string }[] }).items;
        const entity = kind === 'editors' ? 'editor' : kind;
        const entityId = kind === 'editors' ? String(body.username) : String(record.id);
        expect(entries.some((e) => e.entity === entity && e.entityId === entityId)).toBe(true);

        if (decl.remove !== false) {
          for (const role of ['editor', 'reviewer'] as const) {
            if (canResource(role, kind, 'write')) continue;
            expect((await call(who[role], 'DELETE', url)).statusCode).toBe(403);
          }
          expect((await call(admin(), 'DELETE', url, undefined, false)).statusCode).toBe(403);
          expect((await call(admin(), 'DELETE', url)).statusCode).toBe(204);
          expect((await call(admin(), 'GET', url)).statusCode).toBe(404);
        }
      },
    );

    it.runIf(creatable(decl))('refuses bad input with 400 naming the field', async () => {
      const empty = await call(admin(), 'POST', `/${kind}`, {});
      expect(empty.statusCode, empty.body).toBe(400);
      const required = decl.fields.filter((f) => f.required && f.default === undefined).map((f) => f.name);
      expect(required).toContain((empty.json() as { field: string }).field);
      for (const f of decl.fields) {
        if (f.readOnly) continue;
        const bad =
          f.type === 'number' || f.type === 'select'
            ? { [f.name]: 'not-a-choice' }
            : f.type === 'boolean'
              ? { [f.name]: 'maybe' }
              : f.type === 'articles' || f.type === 'lines' || f.type === 'list'
                ? { [f.name]: 'not-a-list' }
                : { [f.name]: 'x'.repeat((f.max ?? 2000) + 1) };
        const res = await call(admin(), 'POST', `/${kind}`, { ...sample(kind, nextKey()), ...bad });
        expect(res.statusCode, `${f.name}: ${res.body}`).toBe(400);
        expect((res.json() as { field?: string }).field?.split(/[.[]/)[0], f.name).toBe(f.name);
      }
      expect((await call(admin(), 'POST', `/${kind}`, '[1,2]')).statusCode).toBe(400);
    });

    it.runIf(decl.ordered)('reorders by drag', async () => {
      const a = await create(kind);
      const b = await create(kind);
      const order = await call(admin(), 'POST', `/${kind}/order`, { ids: [b.id, a.id] });
      expect(order.statusCode, order.body).toBe(204);
      const ra = (await call(admin(), 'GET', `/${kind}/${a.id}`)).json() as { order: number };
      const rb = (await call(admin(), 'GET', `/${kind}/${b.id}`)).json() as { order: number };
      expect(rb.order).toBeLessThan(ra.order);
      expect((await call(admin(), 'POST', `/${kind}/order`, { ids: [] })).statusCode).toBe(400);
      expect((await call(admin(), 'POST', `/${kind}/order`, { ids: ['x'] })).statusCode).toBe(400);
      expect((await call(admin(), 'POST', `/${kind}/order`, { ids: [a.id] }, false)).statusCode).toBe(403);
      if (!canResource('reviewer', kind, 'write'))
        expect((await call(who.reviewer, 'POST', `/${kind}/order`, { ids: [a.id] })).statusCode).toBe(403);
    });
  });
});
