import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { HOT_NEWS_HOME, INNER_PAGE_ITEMS, LATEST_NEWS_HOME, MOBILE_MENU } from '@portal/api-client/constants';
import type { EventItem, ListItem, Video, WhitePaper } from '@portal/api-client/contract';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { PUBLISHED, insertFixtures } from './fixtures';

const newest = (filter: (a: (typeof PUBLISHED)[number]) => boolean) =>
  PUBLISHED.filter(filter)
    .sort((a, b) => b.created_at - a.created_at)
    .map((a) => a.id);
const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe.each(DIALECTS)('home and mobile feed calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(async () => t?.close());

  it('get_news: the six newest articles of every category (最新发布), not the hot ones', async () => {
    const res = await t.call<ListItem[]>('get_news');
    expect(res.code).toBe(0);
    expect(ids(res.data)).toEqual(newest(() => true).slice(0, LATEST_NEWS_HOME));
    const hot = await t.call<{ hot: ListItem[] }>('get_right');
    expect(ids(res.data)).not.toEqual(ids(hot.data.hot));
  });

  it('list items carry url, thumb, title and the Shanghai wall time', async () => {
    const hot = (await t.call<{ hot: ListItem[] }>('get_right')).data.hot;
    expect(hot[0]).toMatchObject({
      id: 14,
      url: '/storage/14',
      thumb: '/uploads/a14.jpg',
      title: '存储行业观察第14期',
    });
    // Asia/Shanghai wall time of BASE_TIME + 14 h (2025-01-01 00:00 UTC).
    expect(hot[0].created_at).toBe('2025-01-01 22:00');
  });

  it('get_policy, get_big: newest flagged articles', async () => {
    expect(ids((await t.call<ListItem[]>('get_policy')).data)).toEqual(
      newest((a) => a.is_policy === 1).slice(0, INNER_PAGE_ITEMS),
    );
    expect(ids((await t.call<ListItem[]>('get_big')).data)).toEqual(newest((a) => a.is_pic === 1));
  });

  it('get_cxo and get_special: featured and special topics of the home page', async () => {
    expect((await t.call<ListItem[]>('get_cxo')).data.map((i) => i.title)).toEqual([
      '精选专题二',
      '精选专题一',
    ]);
    const special = await t.call<ListItem[]>('get_special');
    expect(special.data.map((i) => i.url)).toEqual(['/topic/5', '/topic/4', '/topic/3']);
  });

  it('get_video and get_activity', async () => {
    const videos = await t.call<Video[]>('get_video');
    expect(videos.data.map((v) => v.id)).toEqual([12, 11, 10, 9, 8, 7]);
    const events = await t.call<EventItem[]>('get_activity');
    expect(events.data.map((e) => e.id)).toEqual([2, 1, 3]);
  });

  it('get_right: activities, hot, special topics and white papers', async () => {
    const res = await t.call<{
      activities: EventItem[];
      hot: ListItem[];
      special: ListItem[];
      white_papers: WhitePaper[];
    }>('get_right');
    expect(res.data.activities).toHaveLength(INNER_PAGE_ITEMS);
    expect(ids(res.data.hot)).toEqual(newest((a) => a.is_hot === 1).slice(0, HOT_NEWS_HOME));
    expect(res.data.special).toHaveLength(3);
    expect(res.data.white_papers.map((w) => w.id)).toEqual([4, 3, 2]);
  });

  it('handle404: recommended reading', async () => {
    const res = await t.call<{ recommend: ListItem[] }>('handle404', { path: '/nowhere' });
    expect(ids(res.data.recommend)).toEqual(newest((a) => a.is_recommend === 1));
  });

  it('indexFall: newest articles with total, page size from `pageseze`', async () => {
    const all = newest(() => true);
    const p1 = await t.call<ListItem[]>('indexFall', { page: 1, pageseze: 10 });
    expect(p1.total).toBe(PUBLISHED.length);
    expect(ids(p1.data)).toEqual(all.slice(0, 10));
    const p3 = await t.call<ListItem[]>('indexFall', { page: 3, pageseze: 10 });
    expect(ids(p3.data)).toEqual(all.slice(20, 30));
    const beyond = await t.call<ListItem[]>('indexFall', { page: 99, pageseze: 10 });
    expect(beyond).toMatchObject({ code: 0, data: [], total: PUBLISHED.length });
    expect(await t.call('indexFall', { page: 0, pageseze: 10 })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '页码不能小于1',
    });
    expect(await t.call('indexFall', { page: 1, pageseze: 101 })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '每页条数不能超过100',
    });
    expect(await t.call('indexFall', { page: 'abc' })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '页码必须是数字',
    });
    expect(await t.call('indexFall', { page: 1.5 })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '页码必须是整数',
    });
  });

  it('m_news: special menu ids and category menus', async () => {
    const recommended = await t.call<ListItem[]>('m_news', {
      menu_id: MOBILE_MENU.recommended,
      page: 1,
      pageSize: 10,
    });
    expect(ids(recommended.data)).toEqual(newest((a) => a.is_recommend === 1));
    expect(recommended.total).toBe(4);
    const activities = await t.call<ListItem[]>('m_news', {
      menu_id: MOBILE_MENU.activities,
      page: 1,
      pageSize: 2,
    });
    expect(activities).toMatchObject({ code: 0, total: 4 });
    expect(activities.data.map((i) => i.url)).toEqual(['/activity/register?id=2', '/activity/register?id=1']);
    const topics = await t.call<ListItem[]>('m_news', { menu_id: MOBILE_MENU.topics, page: 1, pageSize: 10 });
    expect(topics.data.map((i) => i.title)).toEqual(['特别专题三', '特别专题二', '特别专题一']);
    // Menu 7001 lists category 56; a category id works as a menu id too.
    const storage = await t.call<ListItem[]>('m_news', { menu_id: 7001, page: 1, pageSize: 100 });
    expect(ids(storage.data)).toEqual(newest((a) => a.cat_id === 56));
    const ai = await t.call<ListItem[]>('m_news', { menu_id: 694, page: 2, pageSize: 3 });
    expect(ids(ai.data)).toEqual(newest((a) => a.cat_id === 694).slice(3, 6));
    // Section menus list their own content: menu 1 (video section 43) lists videos.
    const videos = await t.call<ListItem[]>('m_news', { menu_id: 1, page: 1, pageSize: 2 });
    expect(videos).toMatchObject({ code: 0, total: 12 });
    expect(videos.data.map((i) => i.url)).toEqual(['/videoc?id=12', '/videoc?id=11']);
    const papers = await t.call<ListItem[]>('m_news', { menu_id: 42, page: 1, pageSize: 10 });
    expect(papers.data.map((i) => i.url)).toEqual([
      '/uploads/wp4.pdf',
      '/uploads/wp3.pdf',
      // Paid: the in-product viewer, never the file.
      '/white_pager/pdf?id=2',
      '/uploads/wp1.pdf',
    ]);
    expect(await t.call('m_news', { menu_id: 999999, page: 1, pageSize: 10 })).toMatchObject({
      code: ErrorCode.NotFound,
      msg: '栏目不存在',
    });
    expect(await t.call('m_news', { page: 1, pageSize: 10 })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '菜单不能为空',
    });
  });

  it('mfall and mTop use the same menu feeds', async () => {
    const fall = await t.call<ListItem[]>('mfall', { type: 0, page: 2, pageSize: 5 });
    expect(ids(fall.data)).toEqual(newest(() => true).slice(5, 10));
    expect(fall.total).toBe(PUBLISHED.length);
    const top = await t.call<ListItem[]>('mTop', { type: MOBILE_MENU.recommended });
    expect(ids(top.data)).toEqual(newest((a) => a.is_recommend === 1));
    expect((await t.call('mTop', { type: 'x' })).code).toBe(ErrorCode.Validation);
  });
});
