import { describe, expect, it } from 'vitest';
import {
  RESOURCE_KINDS,
  RESOURCES,
  canResource,
  type ResourceDecl,
  type ResourceKind,
} from '@portal/api-client/admin-resources';
import { DIALECTS } from './helpers';
import { ROLES } from './newsroom';
import { creatable, nextKey, resourceDesk, sample } from './resource-desk';

/**
 * Every declared back-office kind through the generic resource routes: roles, paging and filter
 * checks, 404s, create/read/update/delete with CSRF and audit, field validation, reordering and
 * moving across pages. What the kinds change on the public calls is in admin-resources-public and
 * admin-resources-forms; members, editors and report subscribers in admin-resources-people.
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

  describe('moving a record of an ordered list to any position (not only within a page)', () => {
    const ids = async (kind: ResourceKind, query = '') => {
      const res = await call(admin(), 'GET', `/${kind}?page=1&pageSize=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { items: { id: number }[] }).items.map((r) => r.id);
    };
    const move = (kind: ResourceKind, id: unknown, position: unknown, query = '', as = admin()) =>
      call(as, 'POST', `/${kind}/move${query}`, { id, position });

    for (const kind of RESOURCE_KINDS.filter((k) => RESOURCES[k].ordered)) {
      it(`${kind}: from the last page to the top, from the top past the end, and back`, async () => {
        for (let i = 0; i < 4; i++) await create(kind);
        const before = await ids(kind);
        expect(before.length).toBeGreaterThanOrEqual(4);
        const last = before[before.length - 1];
        // The last record sits on the last page of 2 a page; it goes to the top of page 1.
        expect((await move(kind, last, 1)).statusCode).toBe(204);
        const page1 = (await call(admin(), 'GET', `/${kind}?page=1&pageSize=2`)).json() as {
          items: { id: number; order: number }[];
        };
        expect(page1.items[0]?.id).toBe(last);
        expect(await ids(kind)).toEqual([last, ...before.slice(0, -1)]);
        // Past the end: last. Into the middle: that place exactly.
        expect((await move(kind, last, 999)).statusCode).toBe(204);
        expect(await ids(kind)).toEqual(before);
        expect((await move(kind, before[0], 3)).statusCode).toBe(204);
        const now = await ids(kind);
        expect(now[2]).toBe(before[0]);
        expect(now.filter((x) => x !== before[0])).toEqual(before.slice(1));
        // The order numbers are 1..n again (no ties left by earlier page-only drags).
        const orders = (
          (await call(admin(), 'GET', `/${kind}?page=1&pageSize=100`)).json() as {
            items: { order: number }[];
          }
        ).items.map((r) => r.order);
        expect(orders).toEqual(orders.map((_, i) => i + 1));
      });

      it(`${kind}: bad moves get a code and a Chinese message`, async () => {
        const [first] = await ids(kind);
        for (const position of [0, -1, 1.5, 'x', null]) {
          const res = await move(kind, first, position);
          expect(res.statusCode, String(position)).toBe(400);
          expect((res.json() as { message: string }).message).toMatch(/[\u4e00-\u9fa5]/);
        }
        expect((await move(kind, 'x', 1)).statusCode).toBe(400);
        expect((await move(kind, 2_000_000_000, 1)).statusCode).toBe(404);
        expect(
          (await call(admin(), 'POST', `/${kind}/move`, { id: first, position: 1 }, false)).statusCode,
        ).toBe(403);
        if (!canResource('reviewer', kind, 'write'))
          expect((await move(kind, first, 1, '', who.reviewer)).statusCode).toBe(403);
      });
    }

    it('banners: the position counts in the filtered list the editor sees', async () => {
      const mobile = [];
      for (let i = 0; i < 3; i++) mobile.push((await create('banners', { place: 'mobile' })).id as number);
      const shown = await ids('banners', '&place=mobile');
      const target = shown[shown.length - 1];
      expect((await move('banners', target, 2, '?place=mobile')).statusCode).toBe(204);
      const after = await ids('banners', '&place=mobile');
      expect(after[1]).toBe(target);
      expect(after.filter((x) => x !== target)).toEqual(shown.filter((x) => x !== target));
      // A record the filter does not list is not found there.
      const home = (await create('banners', { place: 'home' })).id;
      expect((await move('banners', home, 1, '?place=mobile')).statusCode).toBe(404);
      expect((await move('banners', home, 1, '?place=nowhere')).statusCode).toBe(400);
    });
  });
});
