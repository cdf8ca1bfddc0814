import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION_COOKIE,
  ADMIN_SESSION_IDLE_MS,
  CSRF_HEADER,
  type AdminArticle,
  type AdminArticleSummary,
  type AuditEntry,
  type LeadPage,
  type Paged,
  type PublishResult,
  type RevisionSummary,
} from '@portal/api-client/admin';
import { ErrorCode } from '@portal/api-client/codes';
import { ColumnStatus } from '@portal/api-client/constants';
import type { ArticleDetail, ListItem } from '@portal/api-client/contract';
import { runAdmin } from '../src/admin/commands';
import { buildApp } from '../src/app';
import { ADMIN_LOGIN_LIMITS } from '../src/routes/admin/session';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember } from './member-helpers';

const PASSWORD = 'newsroom-pass-1';

interface Editor {
  cookie: string;
  csrf: string;
}

describe.each(DIALECTS)('admin API on %s', (dialect) => {
  let t: TestApp;
  let admin: Editor;
  let editor: Editor;
  let reviewer: Editor;

  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runAdmin(argv, t.app.database, { out: (l) => out.push(l), err: (l) => out.push(l) });
    return { code, out: out.join('\n') };
  };

  async function login(username: string, password = PASSWORD): Promise<LightMyRequestResponse> {
    return t.inject({ method: 'POST', url: '/admin/api/session', payload: { username, password } });
  }
  async function signIn(username: string): Promise<Editor> {
    const res = await login(username);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE);
    return {
      cookie: `${ADMIN_SESSION_COOKIE}=${cookie!.value}`,
      csrf: (res.json() as { csrfToken: string }).csrfToken,
    };
  }
  function call(
    who: Editor | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    csrf = true,
  ) {
    const headers: Record<string, string> = {};
    if (who) headers.cookie = who.cookie;
    if (who && csrf && method !== 'GET') headers[CSRF_HEADER] = who.csrf;
    return t.inject({ method, url: `/admin/api${url}`, headers, ...(payload ? { payload } : {}) });
  }
  const draft = (over: Record<string, unknown> = {}) => ({
    title: '边缘计算落地中小企业',
    category: 'AI',
    content: '<p>边缘计算正在进入工厂与门店。</p><script>alert(1)</script>',
    description: '边缘计算的实践',
    keywords: '边缘计算,AI',
    author: '张记者',
    source: '本站原创',
    thumb: '',
    is_hot: true,
    is_recommend: false,
    ...over,
  });

  beforeAll(async () => {
    t = await startTestApp(dialect, async (app) => {
      await insertMemberFixtures(app.database);
      await app.database.db
        .insertInto('vendor_meets')
        .values({ id: 7, name: '企业 ERP 选型会', data: '{}' })
        .execute();
    });
    for (const [name, role] of [
      ['chief', 'admin'],
      ['writer', 'editor'],
      ['checker', 'reviewer'],
    ]) {
      expect((await cli('editor', 'add', name, '--role', role, '--password', PASSWORD)).code).toBe(0);
    }
    admin = await signIn('chief');
    editor = await signIn('writer');
    reviewer = await signIn('checker');
  });
  afterAll(async () => t?.close());

  describe('sessions', () => {
    it('signs in with an httpOnly, SameSite=Strict cookie scoped to /admin, and answers GET /session', async () => {
      const res = await login('writer');
      const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/admin' });
      expect(res.json()).toMatchObject({
        user: { username: 'writer', role: 'editor' },
        csrfToken: expect.any(String),
      });
      const me = await call(editor, 'GET', '/session');
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({
        user: { username: 'writer', role: 'editor' },
        csrfToken: editor.csrf,
      });
    });

    it('refuses a wrong password and an unknown user alike, and a missing session', async () => {
      const wrong = await login('writer', 'not-the-password');
      const unknown = await login('nobody', 'not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect((await call(null, 'GET', '/session')).statusCode).toBe(401);
      expect((await call(null, 'GET', '/articles')).statusCode).toBe(401);
    });

    it('logs out (with the CSRF token) and the cookie stops working', async () => {
      const s = await signIn('writer');
      expect((await call(s, 'DELETE', '/session', undefined, false)).statusCode).toBe(403);
      expect((await call(s, 'DELETE', '/session')).statusCode).toBe(204);
      expect((await call(s, 'GET', '/session')).statusCode).toBe(401);
    });

    it('expires after 8 hours without a request', async () => {
      const s = await signIn('writer');
      await t.app.database.db
        .updateTable('editor_sessions')
        .set({ last_seen_at: Date.now() - ADMIN_SESSION_IDLE_MS - 1000 })
        .where('csrf_token', '=', s.csrf)
        .execute();
      expect((await call(s, 'GET', '/session')).statusCode).toBe(401);
    });

    it('disabling an editor ends their sessions at once; enabling does not revive them', async () => {
      await cli('editor', 'add', 'temp', '--role', 'editor', '--password', PASSWORD);
      const s = await signIn('temp');
      expect((await call(s, 'GET', '/articles')).statusCode).toBe(200);
      expect((await cli('editor', 'disable', 'temp')).code).toBe(0);
      expect((await call(s, 'GET', '/articles')).statusCode).toBe(401);
      expect((await login('temp')).statusCode).toBe(401);
      await cli('editor', 'enable', 'temp');
      expect((await call(s, 'GET', '/articles')).statusCode).toBe(401);
    });

    it('limits login failures per account even when 50 guesses arrive at once', async () => {
      await cli('editor', 'add', 'target', '--role', 'editor', '--password', PASSWORD);
      const results = await Promise.all(
        Array.from({ length: 50 }, () => login('target', 'wrong-password-x')),
      );
      const evaluated = results.filter((r) => r.statusCode === 401).length;
      expect(evaluated).toBeLessThanOrEqual(ADMIN_LOGIN_LIMITS.perPair);
      expect(results.filter((r) => r.statusCode === 429).length).toBe(50 - evaluated);
      // The right password is refused too from that address (its pair with the account is locked;
      // admin-login.test.ts signs in from another one).
      expect((await login('target')).statusCode).toBe(429);
    });

    it('keeps member and editor identities apart', async () => {
      const m = await newMember(t);
      // A member's stoken is no admin session…
      const res = await t.inject({
        method: 'GET',
        url: `/admin/api/articles?stoken=${m.identity.stoken}&member_id=${m.id}`,
      });
      expect(res.statusCode).toBe(401);
      // …and an editor cookie is no member session.
      const member = await t.inject({
        method: 'POST',
        url: '/api/check_space',
        headers: { authorization: `Bearer ${t.token}`, cookie: admin.cookie },
        payload: { id: m.id },
      });
      expect(member.json()).toMatchObject({ code: ErrorCode.SessionInvalid });
    });
  });

  describe('CSRF and roles', () => {
    it('refuses a state-changing call without the CSRF header or with another session’s', async () => {
      expect((await call(editor, 'POST', '/articles', draft(), false)).statusCode).toBe(403);
      const forged = await t.inject({
        method: 'POST',
        url: '/admin/api/articles',
        headers: { cookie: editor.cookie, [CSRF_HEADER]: reviewer.csrf },
        payload: draft(),
      });
      expect(forged.statusCode).toBe(403);
    });

    const roleOf = (who: Editor) => (who === admin ? 'admin' : who === editor ? 'editor' : 'reviewer');

    it('checks the role on the server for every kind of call', async () => {
      const matrix: [Editor, string, string, number][] = [
        [reviewer, 'GET', '/articles', 403],
        [reviewer, 'POST', '/articles', 403],
        [editor, 'GET', '/review/columns', 403],
        [editor, 'GET', '/leads?source=vendor&id=7', 403],
        [editor, 'GET', '/leads.csv?source=vendor&id=7', 403],
        [editor, 'GET', '/leads/1/phone?source=vendor&id=7&key=mobile', 403],
        // Subscribers' emails follow the leads permission, not the reports the editor writes.
        [editor, 'GET', '/reports/1/subscribers', 403],
        [editor, 'GET', '/reports/1/subscribers.csv', 403],
        [editor, 'GET', '/members', 403],
        [reviewer, 'GET', '/members', 200],
        // The newsletter send follows the reports' roles (admin, editor).
        [reviewer, 'GET', '/reports/1/send', 403],
        [reviewer, 'POST', '/reports/1/send', 403],
        [editor, 'GET', '/audit-log', 403],
        [reviewer, 'GET', '/audit-log', 403],
        [reviewer, 'GET', '/review/articles', 200],
        [reviewer, 'GET', '/leads?source=vendor&id=7', 200],
        [admin, 'GET', '/audit-log', 200],
        [admin, 'GET', '/articles', 200],
        // Reader statistics (issue 25): the newsroom's, not the reviewer's.
        [reviewer, 'GET', '/stats/overview', 403],
        [reviewer, 'GET', '/stats/articles?from=2026-01-01&to=2026-01-31', 403],
        [reviewer, 'GET', '/stats/articles/1', 403],
        [editor, 'GET', '/stats/overview', 200],
        [editor, 'GET', '/stats/articles?from=2026-01-01&to=2026-01-31', 200],
        [admin, 'GET', '/stats/overview', 200],
        // Sensitive words (issue 26): the dictionary is the admin's, the hits the admin's and reviewer's,
        // the article editor's check the writers'.
        [editor, 'GET', '/sensitive-words', 403],
        [reviewer, 'GET', '/sensitive-words', 403],
        [admin, 'GET', '/sensitive-words', 200],
        [editor, 'GET', '/sensitive-words/export', 403],
        [reviewer, 'GET', '/sensitive-words/export', 403],
        [admin, 'GET', '/sensitive-words/export', 200],
        [editor, 'POST', '/sensitive-words/import', 403],
        [reviewer, 'POST', '/sensitive-words/import', 403],
        [editor, 'GET', '/sensitive-hits', 403],
        [reviewer, 'GET', '/sensitive-hits', 200],
        [admin, 'GET', '/sensitive-hits', 200],
        [reviewer, 'POST', '/sensitive-words/check', 403],
        [editor, 'POST', '/sensitive-words/check', 200],
        // Complaints (issue 26): the queue is the admin's and the reviewer's.
        [editor, 'GET', '/complaints', 403],
        [reviewer, 'GET', '/complaints', 200],
        [admin, 'GET', '/complaints', 200],
        [editor, 'PUT', '/complaints/1', 403],
      ];
      for (const [who, method, url, status] of matrix) {
        const res = await call(who, method as 'GET', url, method === 'POST' ? draft() : undefined);
        expect({ method, url, role: roleOf(who), status: res.statusCode }).toEqual({
          method,
          url,
          role: roleOf(who),
          status,
        });
      }
    });
  });

  describe('articles from draft to front page', () => {
    it('creates a sanitised draft that is not public, publishes it, and unpublishes it to a 404', async () => {
      const created = await call(editor, 'POST', '/articles', draft());
      expect(created.statusCode).toBe(201);
      const { id, status } = created.json() as { id: number; status: string };
      expect(status).toBe('draft');
      const got = (await call(editor, 'GET', `/articles/${id}`)).json() as AdminArticle;
      expect(got.content).not.toContain('<script');
      expect(got).toMatchObject({
        title: '边缘计算落地中小企业',
        category: 'AI',
        status: 'draft',
        is_hot: true,
        revisions: 1,
      });
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.NotFound);

      const published = await call(editor, 'POST', `/articles/${id}/publish`, {});
      expect(published.json()).toEqual({ id, status: 'published', url: `/AI/${id}` } satisfies PublishResult);
      const page = await t.call<ArticleDetail>('article_content', { id });
      expect(page.data).toMatchObject({ title: '边缘计算落地中小企业', author: '张记者' });
      const found = await t.call<{ list: ListItem[] }>('search_list', {
        title: '边缘计算落地',
        page: 1,
        pageSize: 10,
      });
      expect(found.data.list.map((x) => x.title)).toContain('边缘计算落地中小企业');
      expect(found.total).toBeGreaterThan(0);

      const off = await call(editor, 'POST', `/articles/${id}/unpublish`, {});
      expect(off.json()).toEqual({ id, status: 'unpublished' });
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.NotFound);
      const gone = await t.call<{ list: ListItem[] }>('search_list', {
        title: '边缘计算落地',
        page: 1,
        pageSize: 10,
      });
      expect(gone.data.list.map((x) => x.title)).not.toContain('边缘计算落地中小企业');
    });

    it('schedules: not public before its time, published by the scheduler with the latest edit, exactly once', async () => {
      const { id } = (await call(editor, 'POST', '/articles', draft({ title: '定时稿件原标题' }))).json() as {
        id: number;
      };
      const at = Date.now() + 60_000;
      const scheduled = await call(editor, 'POST', `/articles/${id}/publish`, {
        at: new Date(at).toISOString(),
      });
      expect(scheduled.json()).toMatchObject({ id, status: 'scheduled' });
      // An edit while scheduled keeps the schedule; the scheduler publishes the edited version.
      const edited = await call(editor, 'PUT', `/articles/${id}`, draft({ title: '定时稿件新标题' }));
      expect(edited.json()).toMatchObject({ status: 'scheduled', title: '定时稿件新标题', revisions: 2 });
      expect(await t.app.scheduler.runOnce(Date.now())).not.toContain(id);
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.NotFound);

      // Two processes on one database both find the article due: it is published once. (On
      // SQLite both apps share this one thread, whose synchronous lock wait would stall the
      // other, so they take turns; PostgreSQL runs them at the same time.)
      const second = await buildApp(t.config);
      try {
        const runs =
          dialect === 'postgres'
            ? await Promise.all([t.app.scheduler.runOnce(at + 1), second.scheduler.runOnce(at + 1)])
            : [await t.app.scheduler.runOnce(at + 1), await second.scheduler.runOnce(at + 1)];
        expect(runs.flat().filter((x) => x === id)).toEqual([id]);
      } finally {
        await second.close();
      }
      const page = await t.call<ArticleDetail>('article_content', { id });
      expect(page.data.title).toBe('定时稿件新标题');
      const log = (await call(admin, 'GET', '/audit-log?action=publish')).json() as Paged<AuditEntry>;
      expect(log.items.filter((e) => e.entityId === String(id))).toHaveLength(1);
    });

    it('refuses a schedule in the past and a second publish', async () => {
      const { id } = (await call(editor, 'POST', '/articles', draft())).json() as { id: number };
      const past = await call(editor, 'POST', `/articles/${id}/publish`, { at: '2020-01-01T00:00:00Z' });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ field: 'at' });
      expect((await call(editor, 'POST', `/articles/${id}/publish`, {})).statusCode).toBe(200);
      expect((await call(editor, 'POST', `/articles/${id}/publish`, {})).statusCode).toBe(409);
    });

    it('keeps a revision per save and restores an earlier one', async () => {
      const { id } = (await call(editor, 'POST', '/articles', draft({ title: '第一版标题' }))).json() as {
        id: number;
      };
      await call(editor, 'PUT', `/articles/${id}`, draft({ title: '第二版标题' }));
      const revisions = (await call(editor, 'GET', `/articles/${id}/revisions`)).json() as RevisionSummary[];
      expect(revisions.map((r) => r.title)).toEqual(['第二版标题', '第一版标题']);
      const first = revisions[1];
      const restored = await call(editor, 'POST', `/articles/${id}/revisions/${first.id}/restore`, {});
      expect(restored.json()).toMatchObject({ title: '第一版标题', revisions: 3 });
    });

    it('lists with filters and paging', async () => {
      await call(editor, 'POST', '/articles', draft({ title: '筛选用稿件 100%_x', category: 'cloud' }));
      const byTitle = (
        await call(editor, 'GET', `/articles?q=${encodeURIComponent('100%_')}`)
      ).json() as Paged<AdminArticleSummary>;
      expect(byTitle.items.map((a) => a.title)).toEqual(['筛选用稿件 100%_x']);
      const byCategory = (
        await call(editor, 'GET', '/articles?category=cloud&status=draft')
      ).json() as Paged<AdminArticleSummary>;
      expect(byCategory.items.every((a) => a.category === 'cloud' && a.status === 'draft')).toBe(true);
      const paged = (
        await call(editor, 'GET', '/articles?page=1&pageSize=2')
      ).json() as Paged<AdminArticleSummary>;
      expect(paged.items).toHaveLength(2);
      expect(paged.total).toBeGreaterThan(2);
    });

    it('deletes an article (and its public page)', async () => {
      const { id } = (await call(editor, 'POST', '/articles', draft())).json() as { id: number };
      await call(editor, 'POST', `/articles/${id}/publish`, {});
      expect((await call(editor, 'DELETE', `/articles/${id}`)).statusCode).toBe(204);
      expect((await call(editor, 'GET', `/articles/${id}`)).statusCode).toBe(404);
      expect((await t.call('article_content', { id })).code).toBe(ErrorCode.NotFound);
    });
  });

  describe('review queues', () => {
    it('approves a column application and a column article, which is public at once', async () => {
      const m = await newMember(t);
      await t.call('space_apply', { id: m.id, ...m.identity });
      const queue = (await call(reviewer, 'GET', '/review/columns')).json() as Paged<{
        memberId: number;
        mobile: string;
      }>;
      // The queue lists the applicant's phone masked, like every back-office list.
      expect(queue.items.find((c) => c.memberId === m.id)?.mobile).toBe(
        `${m.mobile.slice(0, 3)}****${m.mobile.slice(-4)}`,
      );
      expect((await call(reviewer, 'POST', `/review/columns/${m.id}/approve`, {})).statusCode).toBe(200);
      expect((await t.call<{ status: number }>('check_space', { id: m.id, ...m.identity })).data.status).toBe(
        ColumnStatus.Approved,
      );
      // Deciding twice is a conflict; an unknown id is 404.
      expect((await call(reviewer, 'POST', `/review/columns/${m.id}/approve`, {})).statusCode).toBe(409);
      expect((await call(reviewer, 'POST', '/review/columns/999999/approve', {})).statusCode).toBe(404);

      const add = await t.call<{ id: number }>('space_add_article', {
        title: '专栏稿件待审',
        channel: 1,
        category: 2,
        content: '<p>专栏正文</p>',
        is_push: 1,
        ...m.identity,
      });
      const pending = (await call(reviewer, 'GET', '/review/articles')).json() as Paged<{
        id: number;
        content: string;
      }>;
      expect(pending.items.find((a) => a.id === add.data.id)?.content).toBe('<p>专栏正文</p>');
      expect((await call(reviewer, 'POST', `/review/articles/${add.data.id}/reject`, {})).statusCode).toBe(
        400,
      );
      expect((await call(reviewer, 'POST', `/review/articles/${add.data.id}/approve`, {})).statusCode).toBe(
        200,
      );
      const found = await t.call<{ list: ListItem[] }>('search_list', {
        title: '专栏稿件待审',
        page: 1,
        pageSize: 10,
      });
      expect(found.data.list.map((x) => x.title)).toContain('专栏稿件待审');
      // Issue 25: the member's own list shows the views of the published article (0 before any).
      const mine = async () =>
        (
          await t.call<{ id: number; views?: number }[]>('space_list', {
            page: 1,
            pageSize: 10,
            ...m.identity,
          })
        ).data.find((a) => a.id === add.data.id)?.views;
      expect(await mine()).toBe(0);
      const publicId = found.data.list.find((x) => x.title === '专栏稿件待审')!.id;
      for (let i = 0; i < 2; i++) expect((await t.call('article_pv', { id: publicId })).code).toBe(0);
      expect(await mine()).toBe(2);
    });

    it('rejects with the reason the member sees', async () => {
      const m = await newMember(t);
      await t.call('space_apply', { id: m.id, ...m.identity });
      const res = await call(reviewer, 'POST', `/review/columns/${m.id}/reject`, {
        reason: '请补充个人简介',
      });
      expect(res.statusCode).toBe(200);
      expect(
        (await t.call<{ status: number; msg: string }>('check_space', { id: m.id, ...m.identity })).data,
      ).toEqual({
        status: ColumnStatus.Rejected,
        msg: '请补充个人简介',
      });
    });
  });

  describe('leads', () => {
    const EVIL = '=HYPERLINK("x")';
    beforeAll(async () => {
      const now = Date.now();
      const field = (field_name: string, label: string) => ({
        field_name,
        label,
        type: 'input',
        is_require: 0,
        is_show: 1,
        options: [],
      });
      // An activity form whose editor typed a formula as a label, with a mobile and a landline field.
      await t.app.database.db
        .insertInto('activity_forms')
        .values({
          activity_id: 70,
          title: '数据治理沙龙',
          form: JSON.stringify([
            field('name', '姓名'),
            field('mobile', '手机号'),
            field('tel', '联系电话'),
            field('evil', EVIL),
          ]),
        })
        .execute();
      await t.app.database.db.insertInto('partners').values({ mark: 'acme', base: '{}' }).execute();
      const content = { name: '王五', mobile: '13900139000', tel: '010-66668888', evil: '答案' };
      await t.app.database.db
        .insertInto('form_submissions')
        .values([
          { activity_id: 70, source: '', content: JSON.stringify(content), created_at: now },
          { activity_id: 70, source: 'acme', content: JSON.stringify(content), created_at: now + 1 },
        ])
        .execute();
      await t.app.database.db
        .insertInto('vendor_leads')
        .values({
          meet_id: 7,
          meet_name: '企业 ERP 选型会',
          name: '李四',
          mobile: '13800138000',
          email: 'li@example.com',
          company: '=HYPERLINK("x")',
          department: '信息部',
          position: 'CIO',
          question: JSON.stringify([{ title: '贵公司是否已部署ERP系统？', answer: '否，但正在考虑' }]),
          created_at: now,
          updated_at: now,
        })
        .execute();
    });

    const newestAudit = async (action: string) =>
      ((await call(admin, 'GET', `/audit-log?action=${action}`)).json() as Paged<AuditEntry>).items[0];

    it('lists a meet’s leads with masked phones for reviewers, each listing audited', async () => {
      const page = (await call(reviewer, 'GET', '/leads?source=vendor&id=7')).json() as LeadPage;
      expect(page.total).toBe(1);
      expect(page.columns.find((c) => c.key === 'mobile')).toEqual({
        key: 'mobile',
        label: '手机号',
        phone: true,
      });
      expect(page.items[0].values).toMatchObject({
        name: '李四',
        mobile: '138****8000',
        q1: '否，但正在考虑',
      });
      expect(JSON.stringify(page)).not.toContain('13800138000');
      expect(await newestAudit('list')).toMatchObject({
        editor: 'checker',
        entity: 'leads',
        entityId: 'vendor:7',
        detail: '第 1 页 · 1 条 · IP 127.0.0.1',
      });
      expect((await call(reviewer, 'GET', '/leads?source=vendor&id=999')).statusCode).toBe(404);
      expect((await call(reviewer, 'GET', '/leads?source=nope&id=1')).statusCode).toBe(400);
    });

    it('masks the phone fields of activity and partner leads (mobile and 电话 fields)', async () => {
      // The activity page lists both submissions (its own and the partner page's), the partner one.
      for (const [url, total] of [
        ['/leads?source=activity&id=70', 2],
        ['/leads?source=partner&id=acme', 1],
      ] as const) {
        const page = (await call(admin, 'GET', url)).json() as LeadPage;
        expect(page.total, url).toBe(total);
        expect(page.columns.filter((c) => c.phone).map((c) => c.key)).toEqual(['f:mobile', 'f:tel']);
        expect(page.items[0].values).toMatchObject({
          'f:name': '王五',
          'f:mobile': '139****9000',
          'f:tel': '010****8888',
        });
        expect(JSON.stringify(page)).not.toMatch(/13900139000|66668888/);
      }
    });

    it('reveals one lead’s full phone per row, audited; only phone columns of that source’s rows', async () => {
      const vendorRow = ((await call(reviewer, 'GET', '/leads?source=vendor&id=7')).json() as LeadPage)
        .items[0].id;
      const reveal = (row: number, query: string, who = reviewer) =>
        call(who, 'GET', `/leads/${row}/phone?${query}`);
      const res = await reveal(vendorRow, 'source=vendor&id=7&key=mobile');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ mobile: '13800138000' });
      expect(await newestAudit('view-phone')).toMatchObject({
        editor: 'checker',
        entity: 'leads',
        entityId: `vendor:7:${vendorRow}`,
        detail: 'mobile · 1 条 · IP 127.0.0.1',
      });

      const partner = (await call(admin, 'GET', '/leads?source=partner&id=acme')).json() as LeadPage;
      const formRow = partner.items[0].id;
      const activity = (await call(admin, 'GET', '/leads?source=activity&id=70')).json() as LeadPage;
      const ownRow = activity.items.find((l) => l.values.source === '')!.id;
      expect((await reveal(formRow, 'source=partner&id=acme&key=f:mobile')).json()).toEqual({
        mobile: '13900139000',
      });
      expect((await reveal(formRow, 'source=partner&id=acme&key=f:tel')).json()).toEqual({
        mobile: '010-66668888',
      });

      for (const [row, query] of [
        [vendorRow, 'source=vendor&id=7&key=email'], // not a phone column
        [vendorRow, 'source=vendor&id=999&key=mobile'], // no such meet
        [vendorRow + 1000, 'source=vendor&id=7&key=mobile'], // no such row
        [ownRow, 'source=partner&id=acme&key=f:mobile'], // the activity page's own, not the partner's
      ] as const) {
        expect((await reveal(row, query)).statusCode, query).toBe(404);
      }
      expect((await reveal(vendorRow, 'source=vendor&id=7')).statusCode).toBe(400);
      expect((await reveal(vendorRow, 'source=vendor&id=7&key=mobile', editor)).statusCode).toBe(403);
    });

    it('neutralises a formula typed as a form label in the CSV and XLSX header rows', async () => {
      const csv = await call(reviewer, 'GET', '/leads.csv?source=activity&id=70');
      expect(csv.statusCode, csv.body).toBe(200);
      const [header, row] = csv.rawPayload.toString('utf8').slice(1).split('\r\n');
      expect(row).toContain('13900139000');
      expect(header).toBe(`姓名,手机号,联系电话,"'=HYPERLINK(""x"")",来源,提交时间`);
      // Exports carry the full numbers (above), audited with their row count.
      expect(await newestAudit('export')).toMatchObject({
        editor: 'checker',
        entityId: 'activity:70',
        detail: 'csv · 2 条 · IP 127.0.0.1',
      });

      const xlsx = await call(reviewer, 'GET', '/leads.xlsx?source=activity&id=70');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(Readable.from([xlsx.rawPayload]));
      const headers = book.worksheets[0].getRow(1).values as unknown[];
      expect(headers).toContain(`'${EVIL}`);
      expect(headers).not.toContain(EVIL);
    });

    it('exports CSV with a BOM, a Chinese header and formula cells neutralised, and XLSX', async () => {
      const csv = await call(reviewer, 'GET', '/leads.csv?source=vendor&id=7');
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = csv.rawPayload.toString('utf8').slice(1);
      const [header, row] = text.split('\r\n');
      expect(header.startsWith('姓名,手机号,邮箱,公司')).toBe(true);
      expect(row).toContain('13800138000');
      expect(row).toContain(`"'=HYPERLINK(""x"")"`);

      const xlsx = await call(reviewer, 'GET', '/leads.xlsx?source=vendor&id=7');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.read(Readable.from([xlsx.rawPayload]));
      const sheet = book.worksheets[0];
      expect(sheet.getRow(1).getCell(1).value).toBe('姓名');
      expect(sheet.getRow(2).getCell(2).value).toBe('13800138000');
      const log = (await call(admin, 'GET', '/audit-log?action=export')).json() as Paged<AuditEntry>;
      expect(log.items[0]).toMatchObject({ editor: 'checker', entity: 'leads', entityId: 'vendor:7' });
    });
  });

  describe('media uploads', () => {
    const multipart = (name: string, type: string, bytes: Buffer) => {
      const boundary = '----admin-upload';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return { body, type: `multipart/form-data; boundary=${boundary}` };
    };
    const send = (who: Editor | null, file: { body: Buffer; type: string }, csrf = true) =>
      t.inject({
        method: 'POST',
        url: '/admin/api/uploads',
        headers: {
          'content-type': file.type,
          ...(who ? { cookie: who.cookie } : {}),
          ...(who && csrf ? { [CSRF_HEADER]: who.csrf } : {}),
        },
        payload: file.body,
      });

    it('stores an editor image (re-encoded) and refuses non-images, strangers, reviewers and missing CSRF', async () => {
      const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer();
      const ok = await send(editor, multipart('a.png', 'image/png', image));
      expect(ok.statusCode).toBe(200);
      expect((ok.json() as { url: string }).url).toMatch(
        /^\/uploads\/editor\/\d{6}\/[0-9a-f-]{36}(_\d+x\d+)?\.png$/,
      );
      const html = await send(editor, multipart('x.png', 'image/png', Buffer.from('<svg onload=alert(1)>')));
      expect(html.statusCode).toBe(400);
      expect((html.json() as { message: string }).message).toMatch(/[\u4e00-\u9fff]/);
      expect((await send(null, multipart('a.png', 'image/png', image))).statusCode).toBe(401);
      expect((await send(editor, multipart('a.png', 'image/png', image), false)).statusCode).toBe(403);
      expect((await send(reviewer, multipart('a.png', 'image/png', image))).statusCode).toBe(403);
    });
  });

  describe('bad input', () => {
    it('answers 400 naming the field, 404 for unknown records and paths, never 5xx', async () => {
      const cases: [string, string, object | undefined, number, string?][] = [
        ['POST', '/articles', { ...draft(), title: '' }, 400, 'title'],
        ['POST', '/articles', { ...draft(), title: 'x'.repeat(81) }, 400, 'title'],
        ['POST', '/articles', { ...draft(), category: 'nope' }, 400, 'category'],
        ['POST', '/articles', { ...draft(), is_hot: 'maybe' }, 400, 'is_hot'],
        ['GET', '/articles?page=0', undefined, 400, 'page'],
        ['GET', '/articles?page=1e300', undefined, 400, 'page'],
        ['GET', '/articles?pageSize=101', undefined, 400, 'pageSize'],
        ['GET', '/articles?status=gone', undefined, 400, 'status'],
        ['GET', '/articles?from=yesterday', undefined, 400, 'from'],
        ['GET', '/articles/abc', undefined, 400, 'id'],
        ['GET', '/articles/99999999', undefined, 404],
        ['PUT', '/articles/99999999', draft(), 404],
        ['POST', '/articles/99999999/publish', {}, 404],
        ['GET', '/nope', undefined, 404],
      ];
      for (const [method, url, payload, status, field] of cases) {
        const res = await call(admin, method as 'GET', url, payload);
        expect({ url, status: res.statusCode }).toEqual({ url, status });
        const body = res.json() as { message: string; field?: string };
        expect(body.message).toMatch(/[\u4e00-\u9fff]/);
        if (field) expect(body.field).toBe(field);
      }
      const huge = await t.inject({
        method: 'POST',
        url: '/admin/api/articles',
        headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...draft(), content: 'x'.repeat(3 * 1024 * 1024) }),
      });
      expect([400, 413]).toContain(huge.statusCode);
      const poisoned = await t.inject({
        method: 'POST',
        url: '/admin/api/articles',
        headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf, 'content-type': 'application/json' },
        payload: '{"__proto__":{"x":1},"title":"t"}',
      });
      expect(poisoned.statusCode).toBe(400);
    });
  });
});
