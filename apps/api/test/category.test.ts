import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { PAGE_SIZE } from '@portal/api-client/constants';
import type { Banner, ListItem, Seo, WhitePaper } from '@portal/api-client/contract';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { PUBLISHED, insertFixtures } from './fixtures';

const newestIn = (catId: number) =>
  PUBLISHED.filter((a) => catId === 0 || a.cat_id === catId)
    .sort((a, b) => b.created_at - a.created_at)
    .map((a) => a.id);
const ids = (items: { id: number }[]) => items.map((i) => i.id);

describe.each(DIALECTS)('category page calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(async () => t?.close());

  it('category_top: banner, pictures, seo and name', async () => {
    const res = await t.call<{ banner: Banner[]; pictures: ListItem[]; seo: Seo; name: string }>(
      'category_top',
      { cat_id: 694 },
    );
    expect(res.code).toBe(0);
    expect(res.data.name).toBe('人工智能');
    expect(res.data.seo).toEqual({ title: '人工智能频道', description: '人工智能新闻', keyword: '人工智能' });
    expect(res.data.banner).toEqual([{ banner: '/uploads/c1.jpg', title: 'AI横幅', url: '/AI/25' }]);
    expect(ids(res.data.pictures)).toEqual([10, 7, 4]);
    expect(res.data.pictures[0].url).toBe('/AI/10');
  });

  it('category_news: featured topics and newest articles of the category', async () => {
    const res = await t.call<{ topics: ListItem[]; news: ListItem[] }>('category_news', { cat_id: 694 });
    expect(res.data.topics.map((x) => x.title)).toEqual(['AI精选']);
    expect(ids(res.data.news)).toEqual(newestIn(694).slice(0, PAGE_SIZE.homeFall));
  });

  it('cate_recommend: three lists, special topics and white papers', async () => {
    const res = await t.call<{
      lists: { title: string; items: ListItem[] }[];
      special: ListItem[];
      white_papers: WhitePaper[];
    }>('cate_recommend', { cat_id: 694 });
    expect(res.data.lists.map((l) => l.title)).toEqual(['推荐阅读', '热门文章', '政策解读']);
    expect(ids(res.data.lists[0].items)).toEqual([25, 16, 13]);
    expect(ids(res.data.lists[1].items)).toEqual([10, 4]);
    expect(ids(res.data.lists[2].items)).toEqual([22, 19]);
    expect(res.data.special.map((s) => s.title)).toEqual(['AI专题']);
    expect(res.data.white_papers.map((w) => w.title)).toEqual(['AI白皮书']);
    // A category without its own white papers shows the site's newest.
    const storage = await t.call<{ white_papers: WhitePaper[] }>('cate_recommend', { cat_id: 56 });
    expect(storage.data.white_papers.map((w) => w.id)).toEqual([4, 3, 2]);
  });

  it('cate_list: one category or all (cat_id 0), paged with total', async () => {
    const ai = await t.call<ListItem[]>('cate_list', { cat_id: 694, page: 1, pageSize: 3 });
    expect(ai.total).toBe(newestIn(694).length);
    expect(ids(ai.data)).toEqual(newestIn(694).slice(0, 3));
    const all = await t.call<ListItem[]>('cate_list', { cat_id: 0, page: 2, pageSize: 21 });
    expect(all.total).toBe(PUBLISHED.length);
    expect(ids(all.data)).toEqual(newestIn(0).slice(21, 42));
    const dflt = await t.call<ListItem[]>('cate_list', {});
    expect(dflt.data).toHaveLength(PAGE_SIZE.categoryList);
    const news = (await t.call<ListItem[]>('cate_list', { cat_id: 1 })).data;
    expect(news.map((i) => i.url)).toEqual(['/news/31']);
  });

  it('unknown categories, bad ids and missing fields', async () => {
    for (const name of ['category_top', 'category_news', 'cate_recommend', 'category_solution'] as const) {
      expect(await t.call(name, { cat_id: 123456 })).toMatchObject({
        code: ErrorCode.NotFound,
        msg: '栏目不存在',
      });
      expect(await t.call(name, {})).toMatchObject({ code: ErrorCode.Validation, msg: '分类不能为空' });
      expect(await t.call(name, { cat_id: 'AI' })).toMatchObject({
        code: ErrorCode.Validation,
        msg: '分类必须是数字',
      });
      expect(await t.call(name, { cat_id: -3 })).toMatchObject({
        code: ErrorCode.Validation,
        msg: '分类不正确',
      });
    }
    expect((await t.call('cate_list', { cat_id: 123456 })).code).toBe(ErrorCode.NotFound);
    expect((await t.call('cate_list', { cat_id: 694, pageSize: 0 })).code).toBe(ErrorCode.Validation);
  });

  it('category_solution: featured topics of the category', async () => {
    const res = await t.call<ListItem[]>('category_solution', { cat_id: 694 });
    expect(res.data.map((x) => x.url)).toEqual(['/topic/6']);
  });
});
