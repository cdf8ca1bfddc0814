import { describe, expect, it } from 'vitest';
import { ColumnStatus } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/messages';
import { usernameProblem } from '@portal/api-client/entities/editor';
import { signIn } from './editor-helpers';
import { DIALECTS } from './helpers';
import { newMember } from './member-helpers';
import { resourceDesk } from './resource-desk';

describe.each(DIALECTS)('admin resources on %s', (dialect) => {
  const { t, who, admin, call, create, newestAudit } = resourceDesk(dialect);

  describe('report subscribers', () => {
    it('lists and exports the subscribers of an issue (it_sub) for the leads roles only, audited', async () => {
      const report = await create('reports');
      const m = await newMember(t);
      await t.app.database.db
        .insertInto('report_subscriptions')
        .values({
          member_id: m.id,
          report_id: Number(report.id),
          email: 'sub@example.com',
          created_at: Date.now(),
        })
        .execute();
      // Editors write the reports but may not read who subscribed (member emails).
      for (const path of ['subscribers', 'subscribers.csv'])
        expect((await call(who.editor, 'GET', `/reports/${report.id}/${path}`)).statusCode, path).toBe(403);
      for (const role of ['reviewer', 'admin'] as const) {
        const list = await call(who[role], 'GET', `/reports/${report.id}/subscribers`);
        expect(list.statusCode, list.body).toBe(200);
        expect(list.json()).toMatchObject({
          total: 1,
          items: [{ values: { email: 'sub@example.com', username: m.username } }],
        });
        expect(await newestAudit('list')).toEqual(
          expect.objectContaining({
            editor: `r-${role}`,
            entity: 'report-subscribers',
            entityId: String(report.id),
            detail: '第 1 页 · 1 条 · IP 127.0.0.1',
          }),
        );
      }
      expect((await call(admin(), 'GET', '/reports/987654/subscribers')).statusCode).toBe(404);
      const csv = await call(who.reviewer, 'GET', `/reports/${report.id}/subscribers.csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body.startsWith('\uFEFF会员编号,用户名,邮箱,订阅时间')).toBe(true);
      expect(csv.body).toContain('sub@example.com');
      expect(await newestAudit('export')).toEqual(
        expect.objectContaining({
          editor: 'r-reviewer',
          entity: 'report-subscribers',
          entityId: String(report.id),
          detail: 'csv · 1 条 · IP 127.0.0.1',
        }),
      );
    });
  });

  describe('members', () => {
    it('finds a member by the whole phone number only, never by some of its digits; lists audited', async () => {
      const m = await newMember(t);
      const search = async (q: string) =>
        (
          (await call(who.reviewer, 'GET', `/members?q=${encodeURIComponent(q)}`)).json() as {
            items: { id: number }[];
          }
        ).items.map((i) => i.id);
      expect(m.mobile).toMatch(/^1\d{10}$/);
      for (const part of [m.mobile.slice(0, 7), m.mobile.slice(-4), m.mobile.slice(3, 10), m.mobile.slice(1)])
        expect(await search(part), part).not.toContain(m.id);
      expect(await search(m.mobile)).toEqual([m.id]);
      expect(await search(m.username)).toEqual([m.id]);
      expect(await newestAudit('list')).toMatchObject({
        editor: 'r-reviewer',
        entity: 'members',
        entityId: `q=${m.username}`,
        detail: '第 1 页 · 1 条 · IP 127.0.0.1',
      });
    });

    it('masks phones in lists, audits each full read, disabling ends sessions at once', async () => {
      const m = await newMember(t);
      const list = await call(who.reviewer, 'GET', `/members?q=${m.username}`);
      expect(list.statusCode).toBe(200);
      const row = (list.json() as { items: { id: number; mobile: string }[] }).items[0]!;
      expect(row.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
      expect((await call(who.editor, 'GET', `/members/${row.id}/phone`)).statusCode).toBe(403);
      const phone = await call(who.reviewer, 'GET', `/members/${row.id}/phone`);
      expect(phone.statusCode).toBe(200);
      expect((phone.json() as { mobile: string }).mobile).toMatch(/^1\d{10}$/);
      const audit = (await call(admin(), 'GET', '/audit-log?action=view-phone')).json() as {
        items: { editor: string; entityId: string }[];
      };
      expect(audit.items[0]).toMatchObject({ editor: 'r-reviewer', entityId: String(row.id) });
      expect(await newestAudit('view-phone')).toMatchObject({ detail: '1 条 · IP 127.0.0.1' });

      expect((await call(who.reviewer, 'PUT', `/members/${row.id}`, { disabled: true })).statusCode).toBe(
        403,
      );
      expect((await t.call('member_info', { id: m.id, ...m.identity })).code).toBe(0);
      const off = await call(admin(), 'PUT', `/members/${row.id}`, { disabled: true, column_status: 0 });
      expect(off.statusCode, off.body).toBe(200);
      expect((off.json() as { disabled: boolean }).disabled).toBe(true);
      expect((await t.call('member_info', { id: m.id, ...m.identity })).code).not.toBe(0);
      expect((await call(admin(), 'POST', '/members', {})).statusCode).toBe(404);
    });

    it("sets a column to the spec's 未通过 (-1): the member is told and may apply again", async () => {
      const m = await newMember(t);
      const put = (column_status: number) =>
        call(admin(), 'PUT', `/members/${m.id}`, { disabled: false, column_status });
      expect((await put(3)).statusCode).toBe(400);
      const rejected = await put(ColumnStatus.Rejected);
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(rejected.json()).toMatchObject({ column_status: -1, column_refuse: '' });
      expect((await t.call('check_space', { id: m.id, ...m.identity })).data).toEqual({
        status: -1,
        msg: MSG.columnRejected,
      });
      const listed = (await call(admin(), 'GET', '/members?column_status=-1')).json() as {
        items: { id: number }[];
      };
      expect(listed.items.map((r) => r.id)).toContain(m.id);
      expect((await call(admin(), 'GET', '/members?column_status=3')).statusCode).toBe(400);
      expect((await t.call('space_apply', { id: m.id, ...m.identity })).code).toBe(0);
    });
  });

  describe('editors', () => {
    it('admin adds, changes the role of and disables an editor; the disabled one is signed out', async () => {
      const created = await call(admin(), 'POST', '/editors', {
        username: 'newbie',
        role: 'reviewer',
        password: 'newbie-pass-1',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as { id: number }).id;
      const newbie = await signIn(t, 'newbie', 'newbie-pass-1');
      expect((await call(newbie, 'GET', '/banners')).statusCode).toBe(403);
      expect(
        (await call(admin(), 'PUT', `/editors/${id}`, { role: 'editor', display_name: '新人' })).statusCode,
      ).toBe(200);
      expect((await call(newbie, 'GET', '/banners')).statusCode).toBe(200);
      expect(
        (await call(admin(), 'PUT', `/editors/${id}`, { role: 'editor', disabled: true })).statusCode,
      ).toBe(200);
      expect((await call(newbie, 'GET', '/banners')).statusCode).toBe(401);
      const short = await call(admin(), 'POST', '/editors', {
        username: 'shorty',
        role: 'editor',
        password: 'short',
      });
      expect(short.statusCode).toBe(400);
      expect((short.json() as { field: string }).field).toBe('password');
      const login = await call(admin(), 'POST', '/editors', {
        username: '1-newbie',
        role: 'editor',
        password: 'newbie-pass-1',
      });
      expect(login.statusCode).toBe(400);
      expect(login.json()).toMatchObject({ field: 'username', message: usernameProblem('1-newbie') });
    });
  });
});
