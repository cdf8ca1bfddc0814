import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiCall } from './api';

/**
 * The public desktop reading screens (everything but the home page) against the built gateway and
 * its seeded database: each screen shows seeded content, and pagination, the video carousel, event
 * filters, the past-issues dialog, the paid white-paper gate and 404 behave.
 */

interface Item {
  id: number;
  title: string;
  url: string;
  description: string;
}
interface Paper extends Omit<Item, 'url'> {
  is_free: number;
  url: string;
}
interface Video {
  id: number;
  title: string;
  video_type: 1 | 2;
}

const LOGIN_FIRST = '请先登录';

test.skip(({ isMobile }) => isMobile, 'desktop viewport (1280x800)');

async function wide(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([
    { name: 'vw', value: '1280', url: baseURL ?? 'http://127.0.0.1:8091' },
    // The consent banner is tested elsewhere; keep it from covering the pages here.
    { name: 'cookie_consent', value: 'allow', url: baseURL ?? 'http://127.0.0.1:8091' },
  ]);
}

test.beforeEach(async ({ context, baseURL }) => wide(context, baseURL));

/** The pdf.js reader: no <object>, the first page drawn; later pages wait until they near the viewport. */
async function expectPdfJsReader(page: Page) {
  await expect(page.locator('object')).toHaveCount(0);
  const pages = page.locator('.pdf-reader__page');
  await expect(pages.first()).toHaveClass(/is-rendered/);
  const count = await pages.count();
  if (count > 3) {
    await expect(pages.last().locator('canvas')).toHaveCount(0);
    await pages.last().scrollIntoViewIfNeeded();
    await expect(pages.last()).toHaveClass(/is-rendered/);
  }
}

async function expectSeo(page: Page, canonical: RegExp) {
  await expect(page).toHaveTitle(/\S/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\S/);
  await expect(page.locator('meta[name="keywords"]')).toHaveCount(1);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
  await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
}

test.describe('category pages', () => {
  test('/AI shows banner, pictures, publications, three lists and the expert panel', async ({
    page,
    request,
  }) => {
    const [top, news, rec] = await Promise.all([
      apiCall<{ banner: { title: string }[]; pictures: Item[]; name: string }>(
        request,
        'category_top',
        { cat_id: 694 },
        'POST',
      ),
      apiCall<{ news: Item[] }>(request, 'category_news', { cat_id: 694 }, 'POST'),
      apiCall<{ lists: { title: string; items: Item[] }[] }>(
        request,
        'cate_recommend',
        { cat_id: 694 },
        'POST',
      ),
    ]);
    const res = await page.goto('/AI');
    expect(res?.status()).toBe(200);
    await expect(page.locator('main.category')).toHaveAttribute('data-cat', '694');
    await expect(page.locator('.banner__title').first()).toHaveText(top.banner[0].title);
    await expect(page.locator('.cat-pictures li')).toHaveCount(Math.min(3, top.pictures.length));
    await expect(page.locator('.rows__item').first()).toContainText(news.news[0].title);
    await expect(page.locator('.cat-list')).toHaveCount(rec.lists.length);
    for (const l of rec.lists) await expect(page.locator('.cat-lists')).toContainText(l.title);
    await expectSeo(page, /\/AI$/);
  });

  test('换一批 loads the next batch of experts', async ({ page, request }) => {
    const [first, second] = await Promise.all([
      apiCall<{ data: { name: string }[] }>(request, 'get_expert', { batch: '0' }),
      apiCall<{ data: { name: string }[] }>(request, 'get_expert', { batch: '1' }),
    ]);
    await page.goto('/storage');
    const panel = page.locator('.experts');
    await expect(panel.locator('li strong').first()).toHaveText(first.data[0].name);
    await panel.getByRole('button', { name: '换一批' }).click();
    await expect(panel.locator('li strong').first()).toHaveText(second.data[0].name);
  });

  test('every category alias renders its page', async ({ request }) => {
    for (const alias of [
      'VAR',
      'storage',
      'AI',
      'IoT',
      'Onemachine',
      'IDC',
      'cloud',
      'net',
      'software',
      'desktop',
      'channel',
      'digital',
    ]) {
      const res = await request.get(`/${alias}`, { headers: { cookie: 'vw=1280' } });
      expect(res.status(), alias).toBe(200);
      expect(await res.text()).toContain(`<link rel="canonical" href="`);
    }
  });
});

test.describe('lists with pagination', () => {
  test('/more?id= shows 21 a page and its pager links page 2 in the URL', async ({ page, request }) => {
    const page2 = await apiCall<Item[]>(request, 'cate_list', { cat_id: 694, page: 2, pageSize: 21 }, 'POST');
    await page.goto('/more?id=694');
    await expect(page.locator('.rows__item')).toHaveCount(21);
    const pager = page.locator('.ui-pager');
    await expect(pager.locator('.ui-pager__prev')).toHaveAttribute('aria-disabled', 'true');
    await pager.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/\/more\?id=694&page=2$/);
    await expect(page.locator('.rows__item').first()).toContainText(page2[0].title);
    await expect(pager.locator('.is-active')).toHaveText('2');
  });

  test('/general/:menu_id at desktop width goes to /more?id=0', async ({ page }) => {
    await page.goto('/general/3');
    await expect(page).toHaveURL(/\/more\?id=0$/);
    await expect(page.locator('.rows__item')).toHaveCount(21);
  });

  test('/white_pager lists 9 papers a page', async ({ page, request }) => {
    const papers = await apiCall<Paper[]>(request, 'doc_ls_fronted', { page: 1, pageSize: 9 }, 'POST');
    await page.goto('/white_pager');
    await expect(page.locator('.paper-card')).toHaveCount(9);
    await expect(page.locator('.paper-card').first()).toContainText(papers[0].title);
    await page.locator('.ui-pager').getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/white_pager\?page=2$/);
  });
});

test.describe('white paper gate', () => {
  test('a paid paper sends a visitor to /login with 请先登录, a free one opens its PDF', async ({
    page,
    request,
  }) => {
    const papers = await apiCall<Paper[]>(request, 'doc_ls_fronted', { page: 1, pageSize: 9 }, 'POST');
    const paid = papers.find((p) => p.is_free !== 0);
    const free = papers.find((p) => p.is_free === 0);
    test.skip(!paid || !free, 'seed has both kinds on page 1');
    // pdf.js is recognised by a message of its own, whatever its chunk is called.
    const pdfJsLoads: Promise<boolean>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        pdfJsLoads.push(r.text().then((t) => t.includes('Setting up fake worker')));
    });
    await page.goto('/white_pager');
    await page.locator('.paper-card', { hasText: paid!.title }).click();
    await expect(page.locator('.toast')).toHaveText(LOGIN_FIRST);
    await expect(page).toHaveURL(/\/login$/);
    // pdf.js belongs to the reader alone: the list and the login page never load it.
    expect(await Promise.all(pdfJsLoads)).not.toContain(true);
    expect(pdfJsLoads.length).toBeGreaterThan(0);

    const worker = page.waitForRequest((r) =>
      /\/assets\/desktop\/pdf\.worker[^/]*\.mjs$/.test(new URL(r.url()).pathname),
    );
    await page.goto(`/white_pager/pdf?id=${free!.id}`);
    await expect(page.locator('h1')).toHaveText(free!.title);
    await expectPdfJsReader(page);
    await worker;
    await expect(page.getByRole('link', { name: '下载PDF' })).toHaveAttribute('href', free!.url);
  });

  test('a paid paper opened directly by a visitor redirects to /login; a member reads it', async ({
    page,
    request,
  }) => {
    const papers = await apiCall<Paper[]>(request, 'doc_ls_fronted', { page: 1, pageSize: 9 }, 'POST');
    const paid = papers.find((p) => p.is_free !== 0);
    test.skip(!paid, 'seed has a paid paper on page 1');
    // The list names the in-product viewer, never a file: the PDF is not public.
    expect(paid!.url).toBe(`/white_pager/pdf?id=${paid!.id}`);
    expect((await request.get(`/uploads/seed/pdf/paper-${paid!.id}.pdf`)).status()).toBe(404);
    await page.goto(`/white_pager/pdf?id=${paid!.id}`);
    await expect(page.locator('.toast')).toHaveText(LOGIN_FIRST);
    await expect(page).toHaveURL(/\/login$/);

    const member = await apiCall<{ id: number; stoken: string; username: string; avatar: string }>(
      request,
      'member_login',
      { username: 'demo', password: 'demo123456' },
      'POST',
    );
    await page.evaluate((m) => localStorage.setItem('SMBData', JSON.stringify(m)), member);
    await page.goto('/white_pager');
    const fetched = page.waitForResponse((r) => r.url().endsWith('/api/white_paper_file'));
    await page.locator('.paper-card', { hasText: paid!.title }).click();
    await expect(page).toHaveURL(new RegExp(`/white_pager/pdf\\?id=${paid!.id}$`));
    const response = await fetched;
    expect(response.headers()['content-type']).toBe('application/pdf');
    // The member's identity went in the body, never in the URL.
    expect(response.url()).not.toContain('stoken');
    // pdf.js draws the member's bytes; no blob: download that in-app browsers cannot open.
    await expectPdfJsReader(page);
    await expect(page.getByRole('link', { name: '下载PDF' })).toHaveCount(0);
    await expect(page.locator('a[href^="blob:"]')).toHaveCount(0);
  });
});

test.describe('video', () => {
  test('/video: carousel advances every 5 s, grid of 9 with pagination', async ({ page, request }) => {
    const [top, grid] = await Promise.all([
      apiCall<Video[]>(request, 'get_schoolTop', {}, 'POST'),
      apiCall<Video[]>(request, 'get_school', { cat_id: 43, page: 1, pageSize: 9 }, 'POST'),
    ]);
    await page.goto('/video');
    await expect(page.locator('.vgrid > li')).toHaveCount(9);
    await expect(page.locator('.vgrid')).toContainText(grid[0].title);
    await expect(page.locator('.vcarousel__slide')).toHaveCount(top.length);
    test.skip(top.length <= 3, 'carousel needs more than three videos to move');
    const dots = page.locator('.vcarousel__dots button');
    await expect(dots.nth(0)).toHaveClass(/is-active/);
    await expect(dots.nth(1)).toHaveClass(/is-active/, { timeout: 8000 });
    await page.getByRole('button', { name: '下一个' }).click();
    await expect(dots.nth(2)).toHaveClass(/is-active/);
    await expect(page.locator('.ui-pager')).toBeVisible();
  });

  test('/videoc plays type 1 in a frame and type 2 as mp4, with related videos', async ({
    page,
    request,
  }) => {
    const top = await apiCall<Video[]>(request, 'get_schoolTop', {}, 'POST');
    const grid = await apiCall<Video[]>(request, 'get_school', { cat_id: 43, page: 1, pageSize: 30 }, 'POST');
    const all = [...top, ...grid];
    const framed = all.find((v) => v.video_type === 1);
    const file = all.find((v) => v.video_type === 2);
    if (framed) {
      await page.goto(`/videoc?id=${framed.id}`);
      await expect(page.locator('h1')).toHaveText(framed.title);
      await expect(page.locator('.player__screen iframe')).toHaveCount(1);
    }
    if (file) {
      await page.goto(`/videoc?id=${file.id}`);
      await expect(page.locator('.player__screen video')).toHaveAttribute('src', /\.mp4$/);
      const related = await page.locator('.videos .vgrid > li').count();
      expect(related).toBeGreaterThan(0);
      expect(related).toBeLessThanOrEqual(8);
    }
    expect(framed ?? file).toBeTruthy();
  });
});

test.describe('IT weekly report', () => {
  test('shows the current issue and browses past issues by year in the dialog', async ({ page, request }) => {
    const current = await apiCall<{ report: { it_number: number; week: string }; events: Item[] }>(
      request,
      'it_index',
      { id: 0 },
      'POST',
    );
    const issues2021 = await apiCall<{ id: number; week: string }[]>(
      request,
      'it_list',
      { year: 2021, page: 1, pageSize: 30 },
      'POST',
    );
    await page.goto('/it_report');
    await expect(page.locator('h1')).toHaveText(current.report.week);
    await expect(page.locator('.rows__item').first()).toContainText(current.events[0].title);
    await page.getByRole('button', { name: '往期回顾' }).click();
    const dialog = page.getByRole('dialog', { name: '往期回顾' });
    await expect(dialog).toBeVisible();
    const thisYear = new Date().getFullYear();
    await expect(dialog.getByRole('tab')).toHaveCount(thisYear - 2020 + 1);
    await dialog.getByRole('tab', { name: '2021年' }).click();
    await expect(dialog.getByRole('tab', { name: '2021年' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.locator('.issues__list li')).toHaveCount(Math.min(30, issues2021.length));
    await dialog.locator('.issues__list li').first().click();
    await expect(page).toHaveURL(new RegExp(`/it_report\\?id=${issues2021[0].id}$`));
    await expect(page.locator('h1')).toHaveText(issues2021[0].week);
  });

  test('a member subscribes to the issue (it_sub)', async ({ page, request }) => {
    const member = await apiCall<{ id: number; stoken: string; username: string; avatar: string }>(
      request,
      'member_login',
      { username: 'demo', password: 'demo123456' },
      'POST',
    );
    await page.goto('/it_report');
    await page.evaluate((m) => localStorage.setItem('SMBData', JSON.stringify(m)), member);
    const sub = page.waitForResponse((r) => r.url().endsWith('/api/it_sub'));
    await page.getByRole('button', { name: '订阅周报' }).click();
    const body = (await (await sub).json()) as { code: number; msg: string };
    expect(body.code).toBe(0);
    await expect(page.locator('.toast--success')).toHaveText(body.msg);
    await expect(page).toHaveURL(/\/it_report$/);
  });

  test('subscribing without a member shows 请先登录 and goes to /login', async ({ page }) => {
    await page.goto('/it_report');
    await page.getByRole('button', { name: '订阅周报' }).click();
    await expect(page.locator('.toast')).toHaveText(LOGIN_FIRST);
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('events', () => {
  test('/activity: 12 a page, filters live in the URL', async ({ page, request }) => {
    const all = await apiCall<{ title: string; showTime: string }[]>(
      request,
      'meet_index',
      { page: 1, pageSize: 12 },
      'POST',
    );
    await page.goto('/activity');
    await expect(page.locator('.event-card')).toHaveCount(12);
    await expect(page.locator('.event-card').first()).toContainText(all[0].title);
    const year = Number(all[0].showTime.slice(0, 4));
    await page.locator('select[name="year"]').selectOption(String(year));
    await page.getByRole('button', { name: '筛选' }).click();
    await expect(page).toHaveURL(new RegExp(`year=${year}`));
    const filtered = await apiCall<{ title: string }[]>(
      request,
      'meet_index',
      { year, page: 1, pageSize: 12 },
      'POST',
    );
    await expect(page.locator('.event-card')).toHaveCount(filtered.length);
    await page.locator('input[name="title"]').fill('不存在的活动名称xyz');
    await page.getByRole('button', { name: '筛选' }).click();
    await expect(page.locator('.empty')).toHaveText('暂无数据');
    await expect(page.locator('.ui-pager')).toHaveCount(0);
  });
});

test.describe('articles', () => {
  test('detail shows title, author, editor, source, keywords, body, sidebar and prev/next', async ({
    page,
    request,
  }) => {
    const latest = await apiCall<Item[]>(request, 'cate_list', { cat_id: 694, page: 1, pageSize: 2 }, 'POST');
    const a = await apiCall<Item & { author: string; adminName: string; source_name: string }>(
      request,
      'article_content',
      { id: latest[1].id },
      'POST',
    );
    const res = await page.goto(a.url);
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveText(a.title);
    const meta = page.locator('.article__meta');
    await expect(meta).toContainText(`作者：${a.author}`);
    await expect(meta).toContainText(`编辑：${a.adminName}`);
    await expect(meta).toContainText(`来源：${a.source_name}`);
    await expect(page.locator('.article__content p').first()).toBeVisible();
    await expect(page.locator('.hot__item')).toHaveCount(6);
    await expect(page.locator('.article__neighbours')).toContainText('上一篇');
    await expect(page.locator('.article__neighbours')).toContainText('下一篇');
  });

  test('/news/:id and /secret?id= render the same article; unknown ids are 404', async ({
    page,
    request,
  }) => {
    const [first] = await apiCall<Item[]>(request, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 }, 'POST');
    await page.goto(`/news/${first.id}`);
    await expect(page.locator('h1')).toHaveText(first.title);
    await page.goto(`/secret?id=${first.id}`);
    await expect(page.locator('h1')).toHaveText(first.title);
    for (const path of [
      '/news/999999999',
      '/AI/abc',
      '/secret?id=0',
      '/recruit/detail?id=9',
      '/videoc?id=999999',
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.locator('.ui-error-page')).toBeVisible();
    }
  });

  test('a view is counted at most once per 10 s per article and the lasttime is stored', async ({
    page,
    request,
  }) => {
    const [first] = await apiCall<Item[]>(request, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 }, 'POST');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/article_pv')
        posts.push(r.postData() ?? '');
    });
    await page.goto(first.url);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('article_pv')))
      .toContain(`"${first.id}"`);
    await page.reload();
    await page.waitForLoadState('networkidle');
    expect(posts).toHaveLength(1);
    // The page's referrer goes with it (reader statistics): empty for a visit typed in directly.
    expect(JSON.parse(posts[0])).toEqual({ id: first.id, ref: '' });
  });

  test('server HTML (no JavaScript) carries the title, body and SEO tags', async ({ request }) => {
    const [first] = await apiCall<Item[]>(
      request,
      'cate_list',
      { cat_id: 694, page: 1, pageSize: 1 },
      'POST',
    );
    const a = await apiCall<Item & { content: string }>(request, 'article_content', { id: first.id }, 'POST');
    const res = await request.get(first.url, { headers: { cookie: 'vw=1280' } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1 class="article__title">${a.title}</h1>`);
    const firstParagraph = /<p>([^<]{10,})/.exec(a.content)?.[1];
    expect(firstParagraph).toBeTruthy();
    expect(html).toContain(firstParagraph!);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="`);
    expect(html).toContain('<meta property="og:type" content="article"');
    expect(html).toContain('"@type":"NewsArticle"');
  });
});

test.describe('search', () => {
  test('/search highlights matches, pages 10 at a time and shows events and experts', async ({ page }) => {
    await page.goto(`/search?data=${encodeURIComponent('存储')}`);
    await expect(page.locator('.rows__item')).toHaveCount(10);
    await expect(page.locator('.rows__item mark').first()).toHaveText('存储');
    await expect(page.locator('.search__summary')).toContainText('存储');
    await expect(page.locator('.events li').first()).toBeVisible();
    await expect(page.locator('.experts li').first()).toBeVisible();
    await page.locator('.ui-pager').getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator('.rows__item')).toHaveCount(10);
  });

  test('user input is shown as text, never as HTML', async ({ page }) => {
    const evil = '<img src=x onerror=alert(1)>';
    await page.goto(`/search?data=${encodeURIComponent(evil)}`);
    await expect(page.locator('.search__summary')).toContainText(evil);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  });

  test('/new_search at desktop width goes to /search', async ({ page }) => {
    await page.goto(`/new_search?data=${encodeURIComponent('云')}`);
    await expect(page).toHaveURL(/\/search\?data=/);
  });
});

test.describe('recruit, about and feeds', () => {
  test('/recruit lists four jobs in 北京 and each detail has duties, requirements and contact', async ({
    page,
  }) => {
    await page.goto('/recruit');
    const cards = page.locator('.job-card');
    await expect(cards).toHaveCount(4);
    for (const title of ['记者/编辑', '销售经理', '项目主管', '高级客户经理(AE)'])
      await expect(page.locator('.job-grid')).toContainText(title);
    await expect(cards.filter({ hasText: '北京' })).toHaveCount(4);
    await cards.nth(3).click();
    await expect(page).toHaveURL(/\/recruit\/detail\?id=3$/);
    await expect(page.locator('h1')).toHaveText('高级客户经理(AE)');
    await expect(page.getByRole('heading', { name: '岗位职责' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '任职要求' })).toBeVisible();
    await expect(page.locator('.job__contact')).toContainText('@');
  });

  test('/about shows the company and its footer data', async ({ page, request }) => {
    const footer = await apiCall<{ info: Record<string, string> }>(request, 'company_letter');
    await page.goto('/about');
    await expect(page.locator('h1')).toContainText('关于');
    const address = Object.entries(footer.info).find(([k]) => k.includes('地址'));
    if (address) await expect(page.locator('.about__info')).toContainText(address[1]);
    await expect(page.locator('#copyright')).toBeVisible();
  });

  test('sitemap and RSS feeds are XML with the newest articles', async ({ request }) => {
    const [first] = await apiCall<Item[]>(request, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 }, 'POST');
    // The index names the pages file and the article files; the newest article is in the last one.
    const index = await request.get('/sitemap.xml');
    expect(index.headers()['content-type']).toContain('application/xml');
    const files = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]!).pathname,
    );
    expect(files[0]).toBe('/sitemaps/pages.xml');
    const sitemap = await request.get(files.at(-1)!);
    expect(sitemap.headers()['content-type']).toContain('application/xml');
    const map = await sitemap.text();
    expect(map).toContain('<urlset');
    expect(map).toContain(`${first.url}</loc>`);
    const rss = await request.get('/rss.xml');
    expect(rss.headers()['content-type']).toContain('application/rss+xml');
    expect(await rss.text()).toContain(`<title>${first.title.replace(/&/g, '&amp;')}</title>`);
    const ai = await request.get('/rss/AI.xml');
    expect(ai.status()).toBe(200);
    expect(await ai.text()).toContain('<rss version="2.0"');
    expect((await request.get('/rss/nope.xml')).status()).toBe(404);
  });
});
