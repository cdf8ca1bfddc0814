import { renderToStaticMarkup } from 'react-dom/server';
import type { Api } from '@portal/api-client';
import { describe, expect, it } from 'vitest';
import { loader } from './root';
import { MobileFooter } from './features/layout/MobileFooter';

/** An in-process api that answers every call with `data` from the table and records the names. */
function fakeApi(answers: Record<string, unknown>) {
  const called: string[] = [];
  const api = new Proxy({} as Api, {
    get: (_target, name: string) => () => {
      called.push(name);
      return Promise.resolve({ code: 0, msg: '', data: answers[name] ?? [] });
    },
  });
  return { api, called };
}

const category = { id: 694, name: '人工智能', alias: 'AI', son: [] };
const footer = { info: { 版权所有: '© 2026' }, qrcodes: [], friendly_links: [] };
const website = [{ name: '中小企业商情网', url: 'https://example.com/' }];

describe('mobile start-up (spec section 7)', () => {
  it('loads get_category, company_letter and website_url like the desktop start-up', async () => {
    const { api, called } = fakeApi({
      get_category: { web_list: [category], cat_one: [category] },
      company_letter: footer,
      website_url: website,
      smallMenu: [{ menu_id: 2, name: '资讯' }],
    });
    const result = (await loader({
      context: { api },
      request: new Request('http://m/'),
      params: {},
    } as never)) as {
      data: Record<string, unknown>;
    };
    expect(called).toEqual(
      expect.arrayContaining(['get_category', 'company_letter', 'website_url', 'smallMenu']),
    );
    expect(result.data).toMatchObject({
      layouts: { web_list: [category], cat_one: [category] },
      bottom: footer,
      website,
      menus: [{ menu_id: 2, name: '资讯' }],
    });
  });

  it('a failed start-up call is only logged: the page still renders', async () => {
    const api = new Proxy({} as Api, {
      get: () => () => Promise.resolve({ code: 10500, msg: '服务器繁忙', data: null }),
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (line: unknown) => errors.push(line);
    try {
      const result = (await loader({
        context: { api },
        request: new Request('http://m/'),
        params: {},
      } as never)) as {
        data: Record<string, unknown>;
      };
      expect(result.data).toMatchObject({ layouts: { web_list: [], cat_one: [] }, website: [] });
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThanOrEqual(3);
  });

  it('the footer shows the related sites from website_url', () => {
    const html = renderToStaticMarkup(<MobileFooter footer={footer} websites={website} />);
    expect(html).toContain('aria-label="相关网站"');
    expect(html).toContain('href="https://example.com/"');
    expect(html).toContain('中小企业商情网');
  });
});
