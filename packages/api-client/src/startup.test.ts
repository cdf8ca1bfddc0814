import { describe, expect, it, vi } from 'vitest';
import { categoryByAlias, loadStartup, type StartupApi } from './startup';

const ok = <T>(data: T) => Promise.resolve({ code: 0, msg: '', data });
const ai = { id: 694, name: '人工智能', alias: 'AI', son: [] };
const cloud = { id: 664, name: '云计算', alias: 'cloud', son: [ai] };

describe('loadStartup', () => {
  it('fills layouts, bottom and website', async () => {
    const api: StartupApi = {
      get_category: () => ok({ web_list: [cloud], cat_one: [] }),
      company_letter: () => ok({ info: { 版权所有: '©' }, qrcodes: [], friendly_links: [] }),
      website_url: () => ok([{ name: '官网', url: '/' }]),
    };
    expect(await loadStartup(api, '[t]')).toEqual({
      layouts: { web_list: [cloud], cat_one: [] },
      bottom: { info: { 版权所有: '©' }, qrcodes: [], friendly_links: [] },
      website: [{ name: '官网', url: '/' }],
    });
  });

  it('logs a failure and keeps the others', async () => {
    const log = vi.fn();
    const api: StartupApi = {
      get_category: () => Promise.resolve({ code: 10500, msg: '服务器繁忙', data: null as never }),
      company_letter: () => Promise.reject(new Error('boom')),
      website_url: () => ok([{ name: '官网', url: '/' }]),
    };
    const data = await loadStartup(api, '[t]', log);
    expect(log).toHaveBeenCalledTimes(2);
    expect(data.layouts).toEqual({ web_list: [], cat_one: [] });
    expect(data.bottom.qrcodes).toEqual([]);
    expect(data.website).toEqual([{ name: '官网', url: '/' }]);
  });
});

describe('categoryByAlias', () => {
  it('finds top-level and child categories', () => {
    const layouts = { web_list: [cloud], cat_one: [] };
    expect(categoryByAlias(layouts, 'cloud')?.id).toBe(664);
    expect(categoryByAlias(layouts, 'AI')?.name).toBe('人工智能');
    expect(categoryByAlias(layouts, 'nope')).toBeUndefined();
  });
});
