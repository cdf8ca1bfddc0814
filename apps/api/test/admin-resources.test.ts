import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, CSRF_HEADER, type EditorRole } from '@portal/api-client/admin';
import {
  RESOURCE_KINDS,
  RESOURCES,
  canResource,
  type ResourceDecl,
  type ResourceKind,
} from '@portal/api-client/admin-resources';
import type {
  Ads,
  Banner,
  DynamicForm,
  EventItem,
  Job,
  ListItem,
  PartnerBase,
  TopicDetail,
  Video,
} from '@portal/api-client/contract';
import { MOBILE_MENU, PaperAccess } from '@portal/api-client/constants';
import { ErrorCode } from '@portal/api-client/codes';
import { runAdmin } from '../src/admin/commands';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertMemberFixtures, newMember } from './member-helpers';

const PASSWORD = 'newsroom-pass-1';

interface Editor {
  cookie: string;
  csrf: string;
}

/** A valid new record of each writable kind (`n` makes keys unique). */
function sample(kind: ResourceKind, n: number): Record<string, unknown> {
  switch (kind) {
    case 'banners':
      return { place: 'home', title: `轮播${n}`, banner: `/uploads/b${n}.jpg`, url: '/news/1' };
    case 'ads':
      return {
        slot: ((n - 1) % 5) + 1,
        thumb: `/uploads/ad${n}.jpg`,
        url: 'https://example.com/ad',
        title: `广告${n}`,
      };
    case 'blocks':
      return { block: 'news', cat_id: [0, 56, 694, 705, 688, 664][n % 6], articles: [] };
    case 'topics':
      return { kind: 'special', title: `专题${n}`, url: '', articles: [1, 2] };
    case 'videos':
      return { title: `视频${n}`, video_type: 2, url: `/uploads/v${n}.mp4`, thumb: '/uploads/p.jpg' };
    case 'white-papers':
      return { title: `白皮书${n}`, url: `/uploads/w${n}.pdf`, is_free: PaperAccess.Free };
    case 'reports':
      return {
        year: 2026,
        number: (n % 52) + 1,
        it_number: 500 + n,
        week: `第${n}周`,
        publish_time: '2026-11-20T08:00:00Z',
        events: [1],
        recommends: [2, 2],
      };
    case 'events':
      return {
        title: `活动${n}`,
        city: '北京',
        start_at: '2026-12-01T09:00:00+08:00',
        end_at: '2026-12-01T17:00:00+08:00',
        url: '/activity?id=1',
      };
    case 'experts':
      return { name: `专家${n}`, avatar: '/uploads/e.jpg', company: '某公司', job: 'CTO' };
    case 'forms':
      return {
        activity_id: 9000 + n,
        title: `报名表${n}`,
        form: [
          { field_name: 'name', label: '姓名', type: 'input', is_require: true, is_show: true, options: [] },
        ],
      };
    case 'meets':
      return { id: 8000 + n, title: `厂商活动${n}`, data: '{"hero":{}}' };
    case 'partners':
      return { mark: `p${n}`, slogan: `伙伴${n}`, items: [{ list: 'new', title: '动态', url: '/x' }] };
    case 'jobs':
      return {
        title: `职位${n}`,
        city: '北京',
        count: '1人',
        summary: '概述',
        duties: ['职责'],
        requirements: ['要求'],
      };
    case 'categories':
      return { id: 9000 + n, name: `分类${n}`, alias: `cat${n}` };
    case 'menus':
      return { menu_id: 9000 + n, name: `菜单${n}`, kind: 'small' };
    case 'settings':
      return { key: `seo:page${n}`, title: `标题${n}`, description: '描述', keyword: '关键词' };
    case 'editors':
      return { username: `user${n}`, role: 'editor', password: 'long-enough-1' };
    case 'sensitive-words':
      return { word: `样例词${n}`, level: 'review', note: '测试' };
    case 'complaints':
      return { status: 'done', note: `已处理${n}` };
    default:
      return {};
  }
}

const creatable = (d: ResourceDecl) => d.create !== false;

describe.each(DIALECTS)('admin resources on %s', (dialect) => {
  let t: TestApp;
  const who: Partial<Record<EditorRole, Editor>> = {};
  let n = 0;

  async function signIn(username: string): Promise<Editor> {
    const res = await t.inject({
      method: 'POST',
      url: '/admin/api/session',
      payload: { username, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
    return {
      cookie: `${ADMIN_SESSION_COOKIE}=${cookie.value}`,
      csrf: (res.json() as { csrfToken: string }).csrfToken,
    };
  }
  function call(
    as: Editor | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    csrf = true,
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {};
    if (as) headers.cookie = as.cookie;
    if (as && csrf && method !== 'GET') headers[CSRF_HEADER] = as.csrf;
    return t.inject({
      method,
      url: `/admin/api${url}`,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }
  const admin = () => who.admin!;
  async function create(kind: ResourceKind, over: Record<string, unknown> = {}) {
    const res = await call(admin(), 'POST', `/${kind}`, { ...sample(kind, ++n), ...over });
    expect(res.statusCode, `${kind}: ${res.body}`).toBe(201);
    return res.json() as { id: number | string } & Record<string, unknown>;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect, async (app) => {
      await insertMemberFixtures(app.database);
      await app.database.db
        .insertInto('articles')
        .values(
          [1, 2, 3, 4].map((i) => ({
            cat_id: 694,
            title: `文章${i}`,
            content: '<p>正文</p>',
            status: 1,
            member_id: null,
            created_at: Date.UTC(2026, 10, i),
            publish_at: null,
            updated_at: null,
          })),
        )
        .execute();
    });
    for (const role of ['admin', 'editor', 'reviewer'] as const) {
      const out: string[] = [];
      const code = await runAdmin(
        ['editor', 'add', `r-${role}`, '--role', role, '--password', PASSWORD],
        t.app.database,
        {
          out: (l) => out.push(l),
          err: (l) => out.push(l),
        },
      );
      expect(code, out.join('\n')).toBe(0);
      who[role] = await signIn(`r-${role}`);
    }
  });
  afterAll(async () => t?.close());

  describe.each(RESOURCE_KINDS)('%s', (kind) => {
    const decl: ResourceDecl = RESOURCES[kind];

    it('lists for the roles that may read it, 403 for the others, 401 without a session', async () => {
      for (const role of ['admin', 'editor', 'reviewer'] as const) {
        const res = await call(who[role]!, 'GET', `/${kind}`);
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
        const body = sample(kind, ++n);
        // No CSRF token: 403 before anything else.
        expect((await call(admin(), 'POST', `/${kind}`, body, false)).statusCode).toBe(403);
        for (const role of ['editor', 'reviewer'] as const) {
          if (canResource(role, kind, 'write')) continue;
          expect((await call(who[role]!, 'POST', `/${kind}`, body)).statusCode, role).toBe(403);
        }
        const writer = canResource('editor', kind, 'write') ? who.editor! : admin();
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
          const res = await call(who[role]!, 'PUT', url, update);
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
            expect((await call(who[role]!, 'DELETE', url)).statusCode).toBe(403);
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
        const res = await call(admin(), 'POST', `/${kind}`, { ...sample(kind, ++n), ...bad });
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
        expect((await call(who.reviewer!, 'POST', `/${kind}/order`, { ids: [a.id] })).statusCode).toBe(403);
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
          expect((await move(kind, first, 1, '', who.reviewer!)).statusCode).toBe(403);
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

  describe('changes reach the public calls', () => {
    async function publicData<T>(
      name: Parameters<TestApp['call']>[0],
      payload: Record<string, unknown> = {},
    ) {
      const res = await t.call<T>(name, payload);
      expect(res.code, JSON.stringify(res)).toBe(0);
      return res.data;
    }

    it('home banner: order and start/end time', async () => {
      const later = await create('banners', { title: '未来的轮播', start_at: '2099-01-01T00:00:00Z' });
      const over = await create('banners', { title: '过期的轮播', end_at: '2000-01-01T00:00:00Z' });
      const first = await create('banners', { title: '第一张轮播' });
      const second = await create('banners', { title: '第二张轮播' });
      await call(admin(), 'POST', '/banners/order', { ids: [second.id, first.id] });
      const loop = await publicData<Banner[]>('get_loop');
      const titles = loop.map((b) => b.title);
      expect(titles).not.toContain('未来的轮播');
      expect(titles).not.toContain('过期的轮播');
      expect(titles.indexOf('第二张轮播')).toBeLessThan(titles.indexOf('第一张轮播'));
      expect((await publicData<Banner[]>('get_loop', { type: 'mobile' })).map((b) => b.title)).not.toContain(
        '第一张轮播',
      );
      await call(admin(), 'DELETE', `/banners/${later.id}`);
      await call(admin(), 'DELETE', `/banners/${over.id}`);
    });

    it('ad slot 1: set, changed, emptied', async () => {
      await call(admin(), 'DELETE', '/ads/1');
      expect((await publicData<Ads>('get_adv')).one).toBeNull();
      await create('ads', {
        slot: 1,
        title: '首页通栏',
        thumb: '/uploads/one.jpg',
        url: 'https://example.com/1',
      });
      expect((await publicData<Ads>('get_adv')).one).toMatchObject({
        title: '首页通栏',
        thumb: '/uploads/one.jpg',
      });
      const put = await call(admin(), 'PUT', '/ads/1', {
        title: '换了',
        thumb: '/uploads/two.jpg',
        url: '/x',
        end_at: '2000-01-01',
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await publicData<Ads>('get_adv')).one).toBeNull();
    });

    it('blocks: the pinned news lead get_news, the picked hot list replaces get_right.hot', async () => {
      const ids = (
        await t.app.database.db
          .selectFrom('articles')
          .select('id')
          .where('status', '=', 1)
          .orderBy('id')
          .limit(3)
          .execute()
      ).map((r) => Number(r.id));
      expect(ids.length).toBe(3);
      const pick = [ids[2], ids[0]];
      const existing = (await call(admin(), 'GET', '/blocks?block=news&cat_id=0')).json() as {
        items: { id: number }[];
      };
      for (const b of existing.items) await call(admin(), 'DELETE', `/blocks/${b.id}`);
      await create('blocks', { block: 'news', cat_id: 0, articles: pick });
      const news = await publicData<ListItem[]>('get_news');
      expect(news.slice(0, 2).map((a) => a.id)).toEqual(pick);
      expect(new Set(news.map((a) => a.id)).size).toBe(news.length);
      const dup = await call(admin(), 'POST', '/blocks', { block: 'news', cat_id: 0, articles: [] });
      expect(dup.statusCode).toBe(409);
      await create('blocks', { block: 'hot', cat_id: 0, articles: [ids[1]] });
      const right = await publicData<{ hot: ListItem[] }>('get_right');
      expect(right.hot.map((a) => a.id)).toEqual([ids[1]]);
    });

    it('topic: topic_detail lists the picked articles in order, else its category newest', async () => {
      const ids = (
        await t.app.database.db
          .selectFrom('articles')
          .select('id')
          .where('status', '=', 1)
          .where('cat_id', '=', 694)
          .orderBy('id')
          .limit(3)
          .execute()
      ).map((r) => Number(r.id));
      expect(ids.length).toBe(3);
      const topic = await create('topics', { title: '算力专题', cat_id: 694, articles: [ids[2], ids[0]] });
      const detail = await publicData<TopicDetail>('topic_detail', { id: topic.id });
      expect(detail.title).toBe('算力专题');
      expect(detail.list.map((a) => a.id)).toEqual([ids[2], ids[0]]);
      const put = await call(admin(), 'PUT', `/topics/${topic.id}`, {
        kind: 'special',
        cat_id: 694,
        title: '算力专题',
        url: '/AI',
        articles: [ids[1]],
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await publicData<TopicDetail>('topic_detail', { id: topic.id })).list.map((a) => a.id)).toEqual(
        [ids[1]],
      );
      await call(admin(), 'PUT', `/topics/${topic.id}`, {
        kind: 'special',
        cat_id: 694,
        title: '算力专题',
        url: '/AI',
      });
      const fallback = await publicData<TopicDetail>('topic_detail', { id: topic.id });
      expect(fallback.list.length).toBeGreaterThan(1);
      await call(admin(), 'DELETE', `/topics/${topic.id}`);
      expect((await t.call('topic_detail', { id: topic.id })).code).not.toBe(0);
    });

    it('topic page: published only, paged with a total, linked from every topic list', async () => {
      const ids = (await publicData<ListItem[]>('cate_list', { cat_id: 0, page: 1, pageSize: 5 })).map(
        (a) => a.id,
      );
      expect(ids.length).toBeGreaterThanOrEqual(3);
      const topic = await create('topics', { title: '分页专题', kind: 'special', cat_id: 0, articles: ids });
      const page2 = await t.call<TopicDetail>('topic_detail', { id: topic.id, page: 2, pageSize: 2 });
      expect(page2.code).toBe(0);
      expect(page2.total).toBe(ids.length);
      expect(page2.data.list.map((a) => a.id)).toEqual(ids.slice(2, 4));
      expect(page2.data.url).toBe(`/topic/${topic.id}`);
      const bad = await t.call('topic_detail', { id: topic.id, page: 0 });
      expect(bad.code).not.toBe(0);

      // Listed (newest first) with a link to its page, on the home and the phone's topic menu.
      const special = await publicData<ListItem[]>('get_special');
      expect(special[0]).toMatchObject({ id: topic.id, url: `/topic/${topic.id}` });
      const menu = await publicData<ListItem[]>('m_news', {
        menu_id: MOBILE_MENU.topics,
        page: 1,
        pageSize: 10,
      });
      expect(menu[0]?.url).toBe(`/topic/${topic.id}`);

      // A draft: no page, in no list.
      const body = { kind: 'special', cat_id: 0, title: '分页专题', url: '', articles: ids };
      const hidden = await call(admin(), 'PUT', `/topics/${topic.id}`, { ...body, published: false });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect((await t.call('topic_detail', { id: topic.id })).code).toBe(ErrorCode.NotFound);
      expect((await publicData<ListItem[]>('get_special')).map((x) => x.id)).not.toContain(topic.id);
      const menuAfter = await publicData<ListItem[]>('m_news', {
        menu_id: MOBILE_MENU.topics,
        page: 1,
        pageSize: 50,
      });
      expect(menuAfter.map((x) => x.id)).not.toContain(topic.id);

      // An address of its own (a campaign site) replaces the page link.
      await call(admin(), 'PUT', `/topics/${topic.id}`, {
        ...body,
        published: true,
        url: 'https://example.com/x',
      });
      expect((await publicData<ListItem[]>('get_special'))[0]?.url).toBe('https://example.com/x');
      await call(admin(), 'DELETE', `/topics/${topic.id}`);
    });

    it('mTop: the mtop block replaces the recommended top of the mobile home', async () => {
      const ids = (
        await t.app.database.db
          .selectFrom('articles')
          .select('id')
          .where('status', '=', 1)
          .orderBy('id')
          .limit(2)
          .execute()
      ).map((r) => Number(r.id));
      const block = await create('blocks', { block: 'mtop', cat_id: 0, articles: [ids[1], ids[0]] });
      const top = await publicData<ListItem[]>('mTop', { type: MOBILE_MENU.recommended });
      expect(top.map((a) => a.id)).toEqual([ids[1], ids[0]]);
      await call(admin(), 'DELETE', `/blocks/${block.id}`);
      const auto = await publicData<ListItem[]>('mTop', { type: MOBILE_MENU.recommended });
      expect(auto.map((a) => a.id)).not.toEqual([ids[1], ids[0]]);
    });

    it('video and white paper show in their lists', async () => {
      await create('videos', { title: '新上传的视频', video_type: 2, url: '/uploads/new.mp4' });
      expect((await publicData<Video[]>('get_video')).map((v) => v.title)).toContain('新上传的视频');
      const paper = await create('white-papers', { title: '新白皮书' });
      const papers = await publicData<{ title: string; id: number }[]>('doc_ls_fronted', {
        page: 1,
        pageSize: 50,
      });
      expect(papers.map((p) => p.title)).toContain('新白皮书');
      expect((await publicData<{ title: string }>('doc_detail', { id: paper.id })).title).toBe('新白皮书');
    });

    it('video: a player frame only from the player hosts, refused at save naming them', async () => {
      const evil = '<iframe src="https://evil.example/login"></iframe>';
      for (const [method, path] of [
        ['POST', '/videos'],
        ['PUT', '/videos/1'],
      ] as const) {
        const res = await call(admin(), method, path, {
          ...sample('videos', 90),
          video_type: 1,
          iframe: evil,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          field: 'iframe',
          message: expect.stringContaining('player.bilibili.com'),
        });
      }
      const pageUrl = await call(admin(), 'POST', '/videos', {
        ...sample('videos', 91),
        video_type: 1,
        url: 'http://player.bilibili.com/x',
      });
      expect(pageUrl.json()).toMatchObject({ field: 'url' });
      const good = await create('videos', {
        video_type: 1,
        iframe: '<iframe src="https://player.bilibili.com/player.html?bvid=BV1" allowfullscreen></iframe>',
      });
      expect((await publicData<Video>('video_detail', { id: good.id })).iframe).toContain(
        'player.bilibili.com',
      );
    });

    it('event: listed with its year and month filter', async () => {
      await create('events', {
        title: '年末渠道大会',
        city: '深圳',
        start_at: '2026-12-20T09:00:00+08:00',
        end_at: '2026-12-20T18:00:00+08:00',
      });
      const list = await publicData<EventItem[]>('meet_index', {
        year: 2026,
        month: 12,
        city: '深圳',
        page: 1,
        pageSize: 10,
      });
      expect(list.map((e) => e.title)).toContain('年末渠道大会');
      const bad = await call(admin(), 'POST', '/events', {
        ...sample('events', ++n),
        end_at: '2026-11-30T00:00:00+08:00',
      });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { field: string }).field).toBe('end_at');
    });

    it('form: a changed field shows on getForm; old answers keep their own labels in the export', async () => {
      const options = [
        { title: '经理', is_input: false, is_mark: false },
        { title: '其他', is_input: true, is_mark: true },
      ];
      const form = await create('forms', {
        activity_id: 4242,
        title: '渠道大会报名',
        is_privacy: false,
        form: [
          { field_name: 'name', label: '姓名', type: 'input', is_require: true, is_show: true, options: [] },
          { field_name: 'job', label: '职务', type: 'radio', is_require: true, is_show: true, options },
        ],
      });
      const served = await publicData<DynamicForm>('getForm', { activity_id: form.id });
      expect(served.form.map((f) => f.label)).toEqual(['姓名', '职务']);
      expect(served.form[1]!.options).toEqual([
        { id: 1, title: '经理', is_input: 0, is_mark: 0 },
        { id: 2, title: '其他', is_input: 1, is_mark: 1 },
      ]);
      const submit = await t.call('form_register', {
        activity_id: form.id,
        content: JSON.stringify({ name: '王五', job: 1 }),
        other: '{}',
      });
      expect(submit.code, JSON.stringify(submit)).toBe(0);
      // The editor drops the job question and reverses nothing else.
      const put = await call(admin(), 'PUT', `/forms/${form.id}`, {
        title: '渠道大会报名',
        is_privacy: false,
        form: [
          {
            field_name: 'name',
            label: '您的姓名',
            type: 'input',
            is_require: true,
            is_show: true,
            options: [],
          },
        ],
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(
        (await publicData<DynamicForm>('getForm', { activity_id: form.id })).form.map((f) => f.label),
      ).toEqual(['您的姓名']);
      const leads = await call(admin(), 'GET', `/leads?source=activity&id=${form.id}`);
      expect(leads.statusCode, leads.body).toBe(200);
      const page = leads.json() as {
        columns: { key: string; label: string }[];
        items: { values: Record<string, string> }[];
      };
      expect(page.columns.map((c) => c.label)).toEqual(expect.arrayContaining(['您的姓名', '职务']));
      expect(page.items[0]!.values['f:job']).toBe('经理');
      const bad = await call(admin(), 'PUT', `/forms/${form.id}`, {
        title: 'x',
        form: [{ field_name: '1bad', label: 'x', type: 'input' }],
      });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { field: string }).field).toBe('form[0].field_name');
    });

    it('form: option ids stay when options are reordered, deleted and added; exports keep their labels', async () => {
      const opt = (title: string, id?: number) => ({
        ...(id !== undefined ? { id } : {}),
        title,
        is_input: false,
        is_mark: false,
      });
      const field = (options: ReturnType<typeof opt>[]) => ({
        field_name: 'size',
        label: '公司规模',
        type: 'radio',
        is_require: true,
        is_show: true,
        options,
      });
      const form = await create('forms', {
        activity_id: 4343,
        title: '规模调查',
        is_privacy: false,
        form: [field([opt('小型'), opt('中型'), opt('大型')])],
      });
      const optionsOf = async () =>
        (await publicData<DynamicForm>('getForm', { activity_id: form.id })).form[0]!.options.map((o) => [
          o.id,
          o.title,
        ]);
      expect(await optionsOf()).toEqual([
        [1, '小型'],
        [2, '中型'],
        [3, '大型'],
      ]);
      // One answer through the landing form, one as older rows were stored (without a copy of the form).
      const submit = await t.call('form_register', {
        activity_id: form.id,
        content: JSON.stringify({ size: 2 }),
        other: '{}',
      });
      expect(submit.code, JSON.stringify(submit)).toBe(0);
      await t.app.database.db
        .insertInto('form_submissions')
        .values({
          activity_id: Number(form.id),
          source: 'old',
          content: JSON.stringify({ size: 3 }),
          other: '{}',
          created_at: Date.now(),
        })
        .execute();
      // The editor puts 大型 first, deletes 中型 and adds 超大型: the admin form sends back the ids it read.
      const read = (await call(admin(), 'GET', `/forms/${form.id}`)).json() as {
        form: { options: { id: number; title: string }[] }[];
      };
      const [small, , large] = read.form[0]!.options;
      const put = await call(admin(), 'PUT', `/forms/${form.id}`, {
        title: '规模调查',
        is_privacy: false,
        form: [field([opt('大型', large!.id), opt('小型', small!.id), opt('超大型', 0)])],
      });
      expect(put.statusCode, put.body).toBe(200);
      // The new option gets a fresh id, never the deleted 中型's 2.
      expect(await optionsOf()).toEqual([
        [3, '大型'],
        [1, '小型'],
        [4, '超大型'],
      ]);
      const after = await t.call('form_register', {
        activity_id: form.id,
        content: JSON.stringify({ size: 4 }),
        other: '{}',
      });
      expect(after.code, JSON.stringify(after)).toBe(0);
      const csv = await call(admin(), 'GET', `/leads.csv?source=activity&id=${form.id}`);
      expect(csv.statusCode, csv.body).toBe(200);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toContain('公司规模');
      const answers = lines.slice(1).map((l) => l.split(',')[0]);
      expect(answers).toEqual(['中型', '大型', '超大型']);
      const leads = (await call(admin(), 'GET', `/leads?source=activity&id=${form.id}`)).json() as {
        items: { values: Record<string, string> }[];
      };
      expect(leads.items.map((i) => i.values['f:size'])).toEqual(['超大型', '大型', '中型']);
    });

    it('partner page: the title (slogan) and items', async () => {
      const p = await create('partners', { mark: 'acme', slogan: '初版标题' });
      const put = await call(admin(), 'PUT', `/partners/${p.id}`, {
        slogan: '新的合作伙伴标题',
        des: '介绍',
        items: [{ list: 'new', title: '最新动态一', url: '/n/1' }],
      });
      expect(put.statusCode, put.body).toBe(200);
      expect((await publicData<PartnerBase>('partner_base', { mark: 'acme' })).slogan).toBe(
        '新的合作伙伴标题',
      );
      expect(
        (await publicData<{ title: string }[]>('partner_new', { mark: 'acme' })).map((x) => x.title),
      ).toEqual(['最新动态一']);
      expect((await call(admin(), 'POST', '/partners', { mark: 'bad mark!', slogan: 'x' })).statusCode).toBe(
        400,
      );
    });

    it('jobs: get_jobs follows the back office, in order, published only', async () => {
      const a = await create('jobs', { title: '前端工程师' });
      const b = await create('jobs', { title: '数据分析师' });
      await create('jobs', { title: '未发布职位', enabled: false });
      await call(admin(), 'POST', '/jobs/order', { ids: [b.id, a.id] });
      const titles = (await publicData<Job[]>('get_jobs')).map((j) => j.title);
      expect(titles).not.toContain('未发布职位');
      expect(titles.indexOf('数据分析师')).toBeLessThan(titles.indexOf('前端工程师'));
    });

    it('settings: SEO, footer and friend links', async () => {
      await create('settings', {
        key: 'seo:special-page',
        title: '专题页标题',
        description: '描述',
        keyword: '关键词',
      });
      expect(await publicData('get_seo', { page: 'special-page' })).toEqual({
        title: '专题页标题',
        description: '描述',
        keyword: '关键词',
      });
      await create('settings', { key: 'footer:客服邮箱', description: 'help@example.com' });
      expect((await publicData<{ info: Record<string, string> }>('company_letter')).info['客服邮箱']).toBe(
        'help@example.com',
      );
      await create('settings', { key: 'link:示例站', keyword: 'https://example.com' });
      expect(await publicData<{ name: string }[]>('website_url')).toEqual(
        expect.arrayContaining([{ name: '示例站', url: 'https://example.com' }]),
      );
      const bad = await call(admin(), 'POST', '/settings', { key: 'nope', title: 'x' });
      expect(bad.statusCode).toBe(400);
      expect((bad.json() as { field: string }).field).toBe('key');
    });

    it('categories and menus: dropMenu and smallMenu follow', async () => {
      await create('menus', { menu_id: 777, name: '新栏目', kind: 'small', cat_id: 56 });
      expect((await publicData<{ name: string }[]>('smallMenu')).map((m) => m.name)).toContain('新栏目');
      const dup = await call(admin(), 'POST', '/categories', { id: 7001, name: '重复', alias: 'AI' });
      // The test database has no category rows of its own; AI is free here unless seeded.
      expect([201, 409]).toContain(dup.statusCode);
    });
  });

  /** The newest audit entry of an action (the admin reads the log). */
  const newestAudit = async (action: string) =>
    (
      (await call(admin(), 'GET', `/audit-log?action=${action}`)).json() as {
        items: { editor: string; entity: string; entityId: string; detail: string }[];
      }
    ).items[0];

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
        expect((await call(who.editor!, 'GET', `/reports/${report.id}/${path}`)).statusCode, path).toBe(403);
      for (const role of ['reviewer', 'admin'] as const) {
        const list = await call(who[role]!, 'GET', `/reports/${report.id}/subscribers`);
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
      const csv = await call(who.reviewer!, 'GET', `/reports/${report.id}/subscribers.csv`);
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
          (await call(who.reviewer!, 'GET', `/members?q=${encodeURIComponent(q)}`)).json() as {
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
      const list = await call(who.reviewer!, 'GET', `/members?q=${m.username}`);
      expect(list.statusCode).toBe(200);
      const row = (list.json() as { items: { id: number; mobile: string }[] }).items[0]!;
      expect(row.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
      expect((await call(who.editor!, 'GET', `/members/${row.id}/phone`)).statusCode).toBe(403);
      const phone = await call(who.reviewer!, 'GET', `/members/${row.id}/phone`);
      expect(phone.statusCode).toBe(200);
      expect((phone.json() as { mobile: string }).mobile).toMatch(/^1\d{10}$/);
      const audit = (await call(admin(), 'GET', '/audit-log?action=view-phone')).json() as {
        items: { editor: string; entityId: string }[];
      };
      expect(audit.items[0]).toMatchObject({ editor: 'r-reviewer', entityId: String(row.id) });
      expect(await newestAudit('view-phone')).toMatchObject({ detail: '1 条 · IP 127.0.0.1' });

      expect((await call(who.reviewer!, 'PUT', `/members/${row.id}`, { disabled: true })).statusCode).toBe(
        403,
      );
      expect((await t.call('member_info', { id: m.id, ...m.identity })).code).toBe(0);
      const off = await call(admin(), 'PUT', `/members/${row.id}`, { disabled: true, column_status: 0 });
      expect(off.statusCode, off.body).toBe(200);
      expect((off.json() as { disabled: boolean }).disabled).toBe(true);
      expect((await t.call('member_info', { id: m.id, ...m.identity })).code).not.toBe(0);
      expect((await call(admin(), 'POST', '/members', {})).statusCode).toBe(404);
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
      const res = await t.inject({
        method: 'POST',
        url: '/admin/api/session',
        payload: { username: 'newbie', password: 'newbie-pass-1' },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
      const newbie = {
        cookie: `${ADMIN_SESSION_COOKIE}=${cookie.value}`,
        csrf: (res.json() as { csrfToken: string }).csrfToken,
      };
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
    });
  });
});
