import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import { CATEGORY_PAGES, HEADER_DROPDOWN_ID } from '@portal/api-client/constants';
import type {
  Ads,
  Banner,
  CategoryEntry,
  Expert,
  FooterData,
  ListItem,
  Menu,
  Option,
  PlaceOption,
  WebsiteUrl,
} from '@portal/api-client/contract';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertFixtures } from './fixtures';

describe.each(DIALECTS)('site chrome calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(async () => t?.close());

  it('get_category: header tabs with the 10000 drop-down, and the twelve category pages', async () => {
    const res = await t.call<{ web_list: CategoryEntry[]; cat_one: CategoryEntry[] }>('get_category');
    expect(res.code).toBe(0);
    const { web_list, cat_one } = res.data;
    expect(cat_one.map((c) => c.id)).toEqual(CATEGORY_PAGES.map((c) => c.id));
    expect(cat_one.map((c) => c.alias)).toEqual(CATEGORY_PAGES.map((c) => c.alias));
    expect(cat_one.find((c) => c.id === 694)?.son).toEqual([
      { id: 6941, name: '机器学习', alias: '', son: [] },
    ]);
    expect(web_list[0]).toMatchObject({ id: 1, name: '资讯' });
    expect(web_list.some((c) => c.id === 6941)).toBe(false);
    expect(web_list.some((c) => c.id === 43)).toBe(false);
    // Child categories of 10000 first, then drop menus not already among them (menu 42 is).
    const more = web_list.find((c) => c.id === HEADER_DROPDOWN_ID);
    expect(more?.son).toEqual([
      { id: 41, name: '活动', alias: '/activity', son: [] },
      { id: 42, name: '白皮书', alias: '/white_pager', son: [] },
      { id: 43, name: '视频', alias: '/video', son: [] },
      { id: 44, name: 'IT周报', alias: '/it_report', son: [] },
      { id: 20002, name: '人工智能', alias: 'AI', son: [] },
    ]);
  });

  it('company_letter: footer info keyed by label, QR codes and friendly links', async () => {
    const res = await t.call<FooterData>('company_letter');
    expect(res.code).toBe(0);
    expect(res.data.info).toEqual({
      地址: '北京市海淀区',
      版权: '© 2025 示例',
      ICP备案: '京ICP备00000000号',
    });
    expect(res.data.qrcodes).toEqual([{ name: '微信', img: '/uploads/qr.png' }]);
    expect(res.data.friendly_links.map((l) => l.name)).toEqual(['友链一', '友链二']);
  });

  it('website_url and get_partner list their links in order', async () => {
    const sites = await t.call<WebsiteUrl[]>('website_url');
    expect(sites.data).toEqual([
      { name: '相关站点一', url: 'https://w1.example.com' },
      { name: '相关站点二', url: 'https://w2.example.com' },
    ]);
    const partners = await t.call<WebsiteUrl[]>('get_partner');
    expect(partners.data).toEqual([{ name: '合作伙伴', url: 'https://p.example.com' }]);
  });

  it('dropMenu and smallMenu', async () => {
    expect((await t.call<Menu[]>('dropMenu')).data).toEqual([
      { menu_id: 42, name: '白皮书' },
      { menu_id: 20002, name: '人工智能' },
    ]);
    expect((await t.call<Menu[]>('smallMenu')).data.map((m) => m.menu_id)).toEqual([
      10001, 10000, 10002, 7001, 1,
    ]);
  });

  it('get_adv: slots one…five, null when a slot is empty', async () => {
    const res = await t.call<Ads>('get_adv');
    expect(res.data.one).toEqual({
      url: 'https://ad.example.com/1',
      thumb: '/uploads/ad1.jpg',
      title: '广告1',
    });
    expect(res.data.four?.title).toBe('广告4');
    expect(res.data.five).toBeNull();
  });

  it('get_loop: home banners, or the mobile ones with type=mobile', async () => {
    const home = await t.call<Banner[]>('get_loop');
    expect(home.data.map((b) => b.title)).toEqual(['首页横幅一', '首页横幅二']);
    const mobile = await t.call<Banner[]>('get_loop', { type: 'mobile' });
    expect(mobile.data).toEqual([{ banner: '/uploads/m1.jpg', title: '手机横幅', url: '/news/26' }]);
    expect((await t.call('get_loop', { type: 'tablet' })).code).toBe(ErrorCode.Validation);
  });

  it('get_loop_right: the side image list', async () => {
    const res = await t.call<ListItem[]>('get_loop_right');
    expect(res.data.map((i) => [i.title, i.thumb, i.url])).toEqual([
      ['侧栏一', '/uploads/s1.jpg', '/news/27'],
      ['侧栏二', '/uploads/s2.jpg', '/news/28'],
    ]);
  });

  it('option_ls: industry, position and department options', async () => {
    const res = await t.call<{ industry: Option[]; position: Option[]; department: Option[] }>('option_ls');
    expect(res.data).toEqual({
      industry: [
        { id: 1, name: '互联网' },
        { id: 2, name: '制造业' },
      ],
      position: [
        { id: 1, name: '工程师' },
        { id: 2, name: '经理' },
      ],
      department: [
        { id: 1, name: 'IT部' },
        { id: 2, name: '市场部' },
      ],
    });
  });

  it('get_province and get_city by province name', async () => {
    expect((await t.call<PlaceOption[]>('get_province')).data).toEqual([
      { label: '北京市', value: '北京市' },
      { label: '广东省', value: '广东省' },
    ]);
    const cities = await t.call<PlaceOption[]>('get_city', { title: '广东省' });
    expect(cities.data.map((c) => c.label)).toEqual(['广州市', '深圳市']);
  });

  it('get_city: unknown, missing and over-long province names', async () => {
    expect(await t.call('get_city', { title: '火星' })).toMatchObject({
      code: ErrorCode.NotFound,
      msg: '省份不存在',
    });
    expect(await t.call('get_city', {})).toMatchObject({ code: ErrorCode.Validation, msg: '省份不能为空' });
    expect(await t.call('get_city', { title: '省'.repeat(21) })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '省份不能超过20个字符',
    });
    expect(await t.call('get_city', { title: { $ne: 1 } })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '省份必须是文本',
    });
  });

  it('get_expert: data.data is one batch; batch rotates through all experts', async () => {
    const names = async (batch?: number) =>
      (await t.call<{ data: Expert[] }>('get_expert', batch === undefined ? {} : { batch })).data.data.map(
        (e) => e.name,
      );
    expect(await names()).toEqual(['专家1', '专家2', '专家3', '专家4']);
    expect(await names(1)).toEqual(['专家5', '专家6']);
    expect(await names(2)).toEqual(['专家1', '专家2', '专家3', '专家4']);
    expect((await t.call('get_expert', { batch: 'x' })).code).toBe(ErrorCode.Validation);
    expect((await t.call('get_expert', { batch: -1 })).code).toBe(ErrorCode.Validation);
  });
});
