import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_PAGES, HEADER_DROPDOWN_ID, MOBILE_MENU } from '@portal/api-client/constants';
import type { EndpointName, ListItem, TopicDetail } from '@portal/api-client/contract';
import { DIALECTS, startTestApp, type TestApp } from './helpers';

/**
 * Every read call of this issue against the demo seed (buildApp seeds an empty database): each
 * answers code 0 with content, so the API and the seed agree on what the tables mean.
 */
describe.each(DIALECTS)('read calls on the demo content (%s)', (dialect) => {
  let t: TestApp;
  let ids: { article: number; video: number; doc: number; report: number; year: number };
  beforeAll(async () => {
    t = await startTestApp(dialect, undefined, { seed: true });
    const db = t.app.database.db;
    const first = <T>(p: Promise<T | undefined>) => p.then((r) => r as T);
    const article = await first(
      db.selectFrom('articles').select('id').where('status', '=', 1).orderBy('id', 'desc').executeTakeFirst(),
    );
    const video = await first(db.selectFrom('videos').select('id').orderBy('id').executeTakeFirst());
    const doc = await first(db.selectFrom('white_papers').select('id').orderBy('id').executeTakeFirst());
    const report = await first(
      db
        .selectFrom('weekly_reports')
        .select(['id', 'year'])
        .orderBy('publish_time', 'desc')
        .executeTakeFirst(),
    );
    ids = {
      article: Number(article.id),
      video: Number(video.id),
      doc: Number(doc.id),
      report: Number(report.id),
      year: Number(report.year),
    };
  }, 120_000);
  afterAll(async () => t?.close());

  it('get_category has the twelve category pages and the drop-down entry', async () => {
    const res = await t.call<{ web_list: { id: number; son: unknown[] }[]; cat_one: { id: number }[] }>(
      'get_category',
    );
    expect(res.data.cat_one.map((c) => c.id)).toEqual(CATEGORY_PAGES.map((c) => c.id));
    expect(res.data.web_list.find((c) => c.id === HEADER_DROPDOWN_ID)?.son.length).toBeGreaterThan(0);
  });

  const nonEmpty = (data: unknown): boolean => {
    if (Array.isArray(data)) return data.length > 0;
    if (data && typeof data === 'object') return Object.values(data).some(nonEmpty);
    return data !== null && data !== undefined && data !== '';
  };

  const calls = (): [EndpointName, Record<string, unknown>][] => [
    ['company_letter', {}],
    ['website_url', {}],
    ['dropMenu', {}],
    ['smallMenu', {}],
    ['get_adv', {}],
    ['get_loop', {}],
    ['get_loop', { type: 'mobile' }],
    ['get_loop_right', {}],
    ['get_news', {}],
    ['get_policy', {}],
    ['mTop', { type: MOBILE_MENU.recommended }],
    ['mfall', { type: 0, page: 1, pageSize: 10 }],
    ['indexFall', { page: 1, pageseze: 10 }],
    ['m_news', { menu_id: MOBILE_MENU.recommended, page: 1, pageSize: 10 }],
    ['m_news', { menu_id: MOBILE_MENU.activities, page: 1, pageSize: 10 }],
    ['m_news', { menu_id: MOBILE_MENU.topics, page: 1, pageSize: 10 }],
    ['m_news', { menu_id: 694, page: 1, pageSize: 10 }],
    ['category_top', { cat_id: 694 }],
    ['category_news', { cat_id: 694 }],
    ['cate_recommend', { cat_id: 694 }],
    ['cate_list', { cat_id: 0, page: 1, pageSize: 21 }],
    ['article_content', { id: ids.article }],
    ['article_pv', { id: ids.article }],
    ['video_detail', { id: ids.video }],
    ['mvideo_list', { page: 1, pageSize: 12 }],
    ['get_schoolTop', {}],
    ['get_school', { cat_id: 43, page: 1, pageSize: 9 }],
    ['doc_ls_fronted', { page: 1, pageSize: 9 }],
    ['doc_detail', { id: ids.doc }],
    ['it_index', { id: 0 }],
    ['it_list', { year: ids.year, page: 1, pageSize: 30 }],
    ['meet_index', { page: 1, pageSize: 12 }],
    ['search_list', { title: '云', page: 1, pageSize: 10 }],
    ['search_list', { title: '数据', page: 1, pageSize: 10 }],
    ['option_ls', {}],
    ['get_province', {}],
    ['get_city', { title: '广东省' }],
    ['get_expert', {}],
    ['handle404', {}],
    ['category_solution', { cat_id: 694 }],
    ['get_right', {}],
    ['get_activity', {}],
    ['get_cxo', {}],
    ['get_big', {}],
    ['get_special', {}],
    ['get_video', {}],
    ['get_partner', {}],
  ];

  it('every read call answers code 0 with content', async () => {
    const empty: string[] = [];
    for (const [name, payload] of calls()) {
      const res = await t.call(name, payload);
      expect(res.code, `${name} ${JSON.stringify(payload)}: ${res.msg}`).toBe(0);
      if (!nonEmpty(res.data)) empty.push(`${name} ${JSON.stringify(payload)}`);
    }
    expect(empty).toEqual([]);
  });

  it("links every seeded topic list to the topic's page, which answers with its articles", async () => {
    for (const name of ['get_special', 'get_cxo'] as const) {
      const res = await t.call<ListItem[]>(name, {});
      expect(res.data.length, name).toBeGreaterThan(0);
      for (const item of res.data) {
        expect(item.url).toBe(`/topic/${item.id}`);
        const detail = await t.call<TopicDetail>('topic_detail', { id: item.id });
        expect(detail.code, `${name} ${item.id}: ${detail.msg}`).toBe(0);
        expect(detail.data.list.length).toBeGreaterThan(0);
      }
    }
  });
});
