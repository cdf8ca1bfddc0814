import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { ResourceDecl, ResourceKind } from '@portal/api-client/admin-resources';
import { PaperAccess } from '@portal/api-client/constants';
import type { EndpointName } from '@portal/api-client/contract';
import type { Dialect } from '../src/db';
import type { EditorSession } from './editor-helpers';
import { insertMemberFixtures } from './member-helpers';
import { newsroom, type Newsroom } from './newsroom';

/** A valid new record of each writable kind (`n` makes keys unique). */
export function sample(kind: ResourceKind, n: number): Record<string, unknown> {
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

export const creatable = (d: ResourceDecl) => d.create !== false;

let n = 0;
/** A number no earlier sample of the file used, for unique keys. */
export const nextKey = () => ++n;

/** The resource tests' newsroom (editors `r-<role>`), with the calls they share. */
export interface ResourceDesk extends Newsroom {
  admin(): EditorSession;
  /** Creates a sample record of `kind` as the admin (201 expected). */
  create(
    kind: ResourceKind,
    over?: Record<string, unknown>,
  ): Promise<{ id: number | string } & Record<string, unknown>>;
  /** A public call's data (its code must be 0). */
  publicData<T>(name: EndpointName, payload?: Record<string, unknown>): Promise<T>;
  /** The newest audit entry of an action (the admin reads the log). */
  newestAudit(
    action: string,
  ): Promise<{ editor: string; entity: string; entityId: string; detail: string } | undefined>;
}

/** Member fixtures and four published articles in category 694 (the samples' topics and reports pick them). */
async function insertResourceFixtures(app: FastifyInstance): Promise<void> {
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
}

/** The enclosing describe block's back office for the resource tests (see `newsroom`). */
export function resourceDesk(dialect: Dialect): ResourceDesk {
  const room = newsroom(dialect, insertResourceFixtures, {
    admin: 'r-admin',
    editor: 'r-editor',
    reviewer: 'r-reviewer',
  });
  const { who, call } = room;
  // Assigned onto the newsroom so that its `t` getter stays a getter.
  return Object.assign(room, {
    admin: () => who.admin,
    async create(kind: ResourceKind, over: Record<string, unknown> = {}) {
      const res = await call(who.admin, 'POST', `/${kind}`, { ...sample(kind, nextKey()), ...over });
      expect(res.statusCode, `${kind}: ${res.body}`).toBe(201);
      return res.json() as { id: number | string } & Record<string, unknown>;
    },
    async publicData<T>(name: EndpointName, payload: Record<string, unknown> = {}) {
      const res = await room.t.call<T>(name, payload);
      expect(res.code, JSON.stringify(res)).toBe(0);
      return res.data;
    },
    async newestAudit(action: string) {
      const res = await call(who.admin, 'GET', `/audit-log?action=${action}`);
      return (res.json() as { items: { editor: string; entity: string; entityId: string; detail: string }[] })
        .items[0];
    },
  });
}
