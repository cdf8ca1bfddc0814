import { describe, expect, it } from 'vitest';
import {
  RESOURCE_KINDS,
  RESOURCES,
  canResource,
  type ResourceKind,
} from '@portal/api-client/admin-resources';
import { DIALECTS } from './helpers';
import { resourceDesk } from './resource-desk';

describe.each(DIALECTS)('admin resources on %s', (dialect) => {
  const { who, admin, call, create } = resourceDesk(dialect);

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
