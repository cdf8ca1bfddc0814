import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
  type Request,
} from '@playwright/test';
import { JS_BUDGET_KB } from '../bench/src/budgets';
import { accessToken, apiCall } from './api';

/** The phone site (apps/mobile) on seeded data: every screen, the endless lists and the width redirects. */

interface Item {
  id: number;
  title: string;
  url: string;
  description: string;
  created_at: string;
}
interface Video {
  id: number;
  title: string;
  url: string;
  video_type: 1 | 2;
}

const BASE = 'http://127.0.0.1:8091';

async function setWidth(context: BrowserContext, baseURL: string | undefined, vw: number) {
  await context.addCookies([
    { name: 'vw', value: String(vw), url: baseURL ?? BASE },
    // The consent banner is tested in privacy.spec.ts; keep it from covering the pages here.
    { name: 'cookie_consent', value: 'allow', url: baseURL ?? BASE },
  ]);
}

/** Browser requests to one API call, as the page makes them. */
function track(page: Page, name: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === `/api/${name}`) seen.push(r);
  });
  return seen;
}

async function scrollListBottom(page: Page, list: string) {
  await page
    .locator(list)
    .evaluate((el) =>
      window.scrollTo(0, el.getBoundingClientRect().bottom + window.scrollY - window.innerHeight),
    );
}

/** A search whose total hits fall in [min, max], found through the API from seeded keywords (never hard-coded). */
async function wordWithTotal(request: APIRequestContext, min: number, max: number): Promise<string> {
  const latest = await apiCall<(Item & { keyword: string })[]>(
    request,
    'mfall',
    { type: 0, page: 1, pageSize: 40 },
    'POST',
  );
  const candidates = new Set<string>();
  for (const item of latest) {
    const words = item.keyword.split(',').filter(Boolean);
    for (let i = 0; i < words.length; i++)
      for (let j = i + 1; j < words.length; j++) candidates.add(`${words[i]} ${words[j]}`);
  }
  for (const title of candidates) {
    const res = await request.post('/api/search_list', {
      headers: { authorization: `Bearer ${await accessToken(request)}` },
      data: { title, page: 1, pageSize: 10 },
    });
    const total = ((await res.json()) as { total?: number }).total ?? 0;
    if (total >= min && total <= max) return title;
  }
  throw new Error(`no search with ${min}..${max} hits in the seed`);
}

test.describe('mobile site', () => {
  test.beforeEach(async ({ context, baseURL }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone viewport');
    await setWidth(context, baseURL, 390);
  });

  test('home: banner, quick links, blocks and the endless list', async ({ page, request }) => {
    const [banners, menus, recommended, fall] = await Promise.all([
      apiCall<{ title: string; url: string }[]>(request, 'get_loop', { type: 'mobile' }),
      apiCall<{ menu_id: number; name: string }[]>(request, 'smallMenu'),
      apiCall<Item[]>(request, 'mTop', { type: 10001 }),
      apiCall<Item[]>(request, 'mfall', { type: 0, page: 1, pageSize: 10 }, 'POST'),
    ]);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'mobile');
    await expect(page.locator('.m-banner__title').first()).toHaveText(banners[0].title);
    await expect(page.locator('.m-quick__item')).toHaveCount(menus.length);
    await expect(page.locator('.m-lead__title')).toHaveText(recommended[0].title);
    await expect(page.locator('.m-fall .m-news-list > li')).toHaveCount(10);
    await expect(page.locator('.m-fall .m-news-card__title').first()).toHaveText(fall[0].title);
    // Quick link → /general/{menu_id} (menu 1 is the video section).
    const first = menus.find((m) => m.menu_id !== 1)!;
    await page.locator('.m-quick__item', { hasText: first.name }).first().click();
    await expect(page).toHaveURL(`/general/${first.menu_id}`);
    await expect(page.locator('.m-page__title')).toHaveText(first.name);
  });

  test('banner: in-product urls navigate inside the app, urls starting with h open a new window', async ({
    page,
    request,
  }) => {
    const banners = await apiCall<{ title: string; url: string }[]>(request, 'get_loop', { type: 'mobile' });
    await page.goto('/');
    const slides = page.locator('.swiper-slide a.m-banner__slide, .swiper-slide span.m-banner__slide');
    await expect(slides).toHaveCount(banners.length);
    for (const banner of banners) {
      const slide = page.locator('a.m-banner__slide', { has: page.locator(`img[alt="${banner.title}"]`) });
      if (banner.url.startsWith('h')) {
        await expect(slide).toHaveAttribute('target', '_blank');
        await expect(slide).toHaveAttribute('href', banner.url);
      } else {
        await expect(slide).not.toHaveAttribute('target', '_blank');
      }
    }
    const active = page.locator('.swiper-slide-active a.m-banner__slide');
    const href = await active.getAttribute('href');
    const target = await active.getAttribute('target');
    if (target !== '_blank') {
      await active.click();
      // An article's /news/{id} goes on to its category's phone page, /{category}/news/{id} (spec section 2).
      const articleId = /^\/news\/(\d+)$/.exec(href!)?.[1];
      await expect(page).toHaveURL(articleId ? new RegExp(`/[A-Za-z]+/news/${articleId}$`) : href!);
      await expect(page.locator('.m-article__title')).toBeVisible();
    }
  });

  test('white-paper tab: /?tag=2 lists the white papers', async ({ page, request }) => {
    const papers = await apiCall<{ title: string }[]>(
      request,
      'doc_ls_fronted',
      { page: 1, pageSize: 9 },
      'POST',
    );
    await page.goto('/?tag=2');
    await expect(page.locator('.m-tabs__tab.is-active')).toHaveText('白皮书');
    await expect(page.locator('.m-paper__title').first()).toHaveText(papers[0].title);
    await page.locator('.m-tabs__tab', { hasText: '最新资讯' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.locator('.m-fall .m-news-list > li')).toHaveCount(10);
  });

  test('white-paper tab: a paid paper asks a visitor to log in and opens the viewer for a member', async ({
    page,
    request,
  }) => {
    const papers = await apiCall<{ id: number; title: string; is_free: number; url: string }[]>(
      request,
      'doc_ls_fronted',
      { page: 1, pageSize: 9 },
      'POST',
    );
    const paid = papers.find((p) => p.is_free !== 0);
    test.skip(!paid, 'seed has a paid paper on page 1');
    await page.goto('/?tag=2');
    const card = page.locator('a.m-paper', { hasText: paid!.title });
    await expect(card).toHaveAttribute('href', `/white_pager/pdf?id=${paid!.id}`);
    await card.click();
    const notice = page.locator('.m-notice');
    await expect(notice).toContainText('请先登录');
    await expect(notice.getByRole('link', { name: '去登录' })).toHaveAttribute('href', '/login');
    await expect(page).toHaveURL(/\/\?tag=2$/);

    const member = await apiCall<{ id: number; stoken: string; username: string; avatar: string }>(
      request,
      'member_login',
      { username: 'demo', password: 'demo123456' },
      'POST',
    );
    await page.evaluate((m) => localStorage.setItem('SMBData', JSON.stringify(m)), member);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/white_pager/pdf\\?id=${paid!.id}$`));
    // pdf.js draws the pages (a phone cannot show an <object> PDF, nor open a blob: download).
    await expect(page.locator('object')).toHaveCount(0);
    await expect(page.locator('.pdf-reader__page').first()).toHaveClass(/is-rendered/);
    await expect(page.locator('a[href^="blob:"]')).toHaveCount(0);
  });

  test('endless list: next page 1 s after the bottom is reached, one request at a time', async ({ page }) => {
    // The page's clock runs in real time from the install until it is paused, so a pause at a moment
    // read from the page races it: on a busy machine the pause arrives after that moment ("Cannot
    // fast-forward to the past"). No moment of this test comes later than its start plus its timeout.
    const start = Date.now();
    await page.clock.install({ time: start });
    const calls = track(page, 'm_news');
    await page.goto('/general/10001');
    await expect(page.locator('.m-news-list > li')).toHaveCount(10);
    await page.clock.pauseAt(start + (test.info().timeout || 3_600_000));
    await scrollListBottom(page, '.m-news-list');
    await expect(page.locator('.ui-list-status--loading')).toBeVisible();
    // More scroll events while loading start nothing new.
    await page.mouse.wheel(0, 400);
    await page.evaluate(() => window.dispatchEvent(new Event('scroll')));
    await page.clock.runFor(900);
    expect(calls).toHaveLength(0);
    await page.clock.runFor(200);
    await expect(page.locator('.m-news-list > li')).toHaveCount(20);
    expect(calls).toHaveLength(1);
    expect(calls[0].postDataJSON()).toMatchObject({ menu_id: 10001, page: 2, pageSize: 10 });
  });

  test('search: Enter and the button search; 暂无数据 when nothing matches', async ({ page }) => {
    await page.goto('/new_search');
    const box = page.getByRole('searchbox', { name: '搜索关键词' });
    await box.fill('存储');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/new_search\?data=%E5%AD%98%E5%82%A8$/);
    await expect(page.locator('.m-news-list > li')).toHaveCount(10);
    await expect(page.locator('.m-news-card__desc').first()).not.toBeEmpty();
    const calls = track(page, 'search_list');
    await box.fill('没有这样的文章内容');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.locator('.ui-list-status--empty')).toHaveText('暂无数据');
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(1500);
    expect(calls).toHaveLength(0);
  });

  test('search: pages of 10 until 到底了, then no more requests', async ({ page, request }) => {
    const word = await wordWithTotal(request, 11, 19);
    const calls = track(page, 'search_list');
    await page.goto(`/new_search?data=${encodeURIComponent(word)}`);
    await expect(page.locator('.m-news-list > li')).toHaveCount(10);
    await scrollListBottom(page, '.m-news-list');
    await expect(page.locator('.m-news-list > li').nth(10)).toBeVisible();
    const total = await page.locator('.m-news-list > li').count();
    expect(total).toBeGreaterThan(10);
    await scrollListBottom(page, '.m-news-list');
    await expect(page.locator('.ui-list-status--end')).toHaveText('到底了');
    expect(calls.map((c) => c.postDataJSON().page)).toEqual([2, 3]);
    await page.mouse.wheel(0, 3000);
    await page.waitForTimeout(1500);
    expect(calls).toHaveLength(2);
    await expect(page.locator('.m-news-list > li')).toHaveCount(total);
  });

  test('search result opens the item url', async ({ page, request }) => {
    const found = await apiCall<{ list: Item[] }>(
      request,
      'search_list',
      { title: '存储', page: 1, pageSize: 10 },
      'POST',
    );
    await page.goto(`/new_search?data=${encodeURIComponent('存储')}`);
    await page.locator('.m-news-card__link').first().click();
    await expect(page.locator('.m-article__title')).toHaveText(found.list[0].title);
  });

  test('article: every script it loads, counted as Lighthouse does, is within the article budget', async ({
    page,
    request,
  }) => {
    const [item] = await apiCall<Item[]>(request, 'mfall', { type: 0, page: 1, pageSize: 1 }, 'POST');
    // Bytes as sent (compressed body and headers), every script requested while the page loads,
    // the view count's included: Lighthouse's resource summary, which pnpm bench reports.
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (r) => {
      if (r.resourceType() === 'script')
        sizes.push(r.sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
    });
    await page.goto(`/new_detail?id=${item.id}`);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('article_pv')))
      .toContain(`"${item.id}"`);
    await page.waitForLoadState('networkidle');
    const kb = (await Promise.all(sizes)).reduce((a, b) => a + b, 0) / 1024;
    expect(kb, `${sizes.length} scripts, ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(JS_BUDGET_KB.article);
  });

  test('article: fields, SEO in the server HTML, one counted view per 10 s', async ({ page, request }) => {
    const [item] = await apiCall<Item[]>(request, 'mfall', { type: 0, page: 1, pageSize: 1 }, 'POST');
    const article = await apiCall<{
      title: string;
      author: string;
      adminName: string;
      source_name: string;
      keyword: string;
      cat_alias: string;
    }>(request, 'article_content', { id: item.id }, 'POST');
    const html = await (
      await request.get(`/new_detail?id=${item.id}`, { headers: { cookie: 'vw=390' } })
    ).text();
    expect(html).toContain(`<title>${article.title}`);
    expect(html).toContain('"@type":"NewsArticle"');
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"/);

    // Counted through the desktop app's /article_pv resource route, as on the desktop (no axios here).
    const views: Request[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/article_pv') views.push(r);
    });
    await page.goto(`/new_detail?id=${item.id}`);
    await expect(page.locator('.m-article__title')).toHaveText(article.title);
    const meta = page.locator('.m-article__meta');
    if (article.author) await expect(meta).toContainText(article.author);
    if (article.adminName) await expect(meta).toContainText(article.adminName);
    if (article.source_name) await expect(meta).toContainText(article.source_name);
    await expect(page.locator('.m-article__content')).not.toBeEmpty();
    await expect.poll(() => views.length).toBe(1);
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('article_pv')))
      .toContain(`"${item.id}"`);
    await page.reload();
    await expect(page.locator('.m-article__title')).toHaveText(article.title);
    await page.waitForTimeout(500);
    expect(views).toHaveLength(1);

    if (article.cat_alias) {
      const res = await page.goto(`/${article.cat_alias}/news/${item.id}`);
      expect(res?.status()).toBe(200);
      await expect(page.locator('.m-article__title')).toHaveText(article.title);
    }
    const missing = await page.goto('/new_detail?id=999999999');
    expect(missing?.status()).toBe(404);
  });

  test('article back: history back inside the site, home when coming from a desktop category route', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/general/10001');
    const title = await page.locator('.m-news-card__title').first().textContent();
    await page.locator('.m-news-card__link').first().click();
    await expect(page.locator('.m-article__title')).toHaveText(title!);
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL('/general/10001');

    // A desktop reader on a category route whose window narrowed: the referrer is /AI.
    const href = await page.locator('.m-news-card__link').first().getAttribute('href');
    await page.goto(href!, { referer: `${baseURL}/AI` });
    await expect(page.locator('.m-article__title')).toBeVisible();
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL('/');
  });

  test('endless list keeps its pages and position after reading an article', async ({ page }) => {
    await page.goto('/general/10001');
    await scrollListBottom(page, '.m-news-list');
    await expect(page.locator('.m-news-list > li')).toHaveCount(20);
    const card = page.locator('.m-news-list > li').nth(14);
    await card.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    await card.locator('a').click();
    await expect(page.locator('.m-article__title')).toBeVisible();
    await page.goBack();
    await expect(page.locator('.m-news-list > li')).toHaveCount(20);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 50);
  });

  test('videos: 12 per page, type 1 or .mp4 opens /video_detail, players by type', async ({
    page,
    request,
  }) => {
    const { list } = await apiCall<{ list: Video[] }>(
      request,
      'mvideo_list',
      { page: 1, pageSize: 12 },
      'POST',
    );
    await page.goto('/video_List');
    await expect(page.locator('.m-video-grid > li')).toHaveCount(12);
    for (const [i, video] of list.entries()) {
      const link = page.locator('.m-video-card__link').nth(i);
      if (video.video_type === 1 || video.url.includes('.mp4')) {
        await expect(link).toHaveAttribute('href', `/video_detail?id=${video.id}`);
      } else {
        await expect(link).toHaveAttribute('href', video.url);
        await expect(link).toHaveAttribute('target', '_blank');
      }
    }
    await scrollListBottom(page, '.m-video-grid');
    await expect(page.locator('.m-video-grid > li')).toHaveCount(24);

    const embedded = list.find((v) => v.video_type === 1);
    const file = list.find((v) => v.video_type === 2);
    if (embedded) {
      await page.goto(`/video_detail?id=${embedded.id}`);
      await expect(page.locator('.m-player iframe')).toHaveCount(1);
      await expect(page.locator('.m-video-detail__title')).toHaveText(embedded.title);
    }
    if (file) {
      await page.goto(`/video_detail?id=${file.id}`);
      await expect(page.locator('.m-player video')).toHaveAttribute('src', file.url);
      await expect(page.locator('.m-video-grid > li').first()).toBeVisible();
    }
  });

  test('/new_user: visitors go to /login; a member sees the name and can log out', async ({
    page,
    request,
  }) => {
    await page.goto('/new_user');
    await expect(page).toHaveURL(/\/login$/);

    // A real session of the seeded demo member, so the member centre's own calls succeed.
    const member = await apiCall<{ id: number; stoken: string; username: string; avatar: string }>(
      request,
      'member_login',
      { username: 'demo', password: 'demo123456' },
      'POST',
    );
    await page.evaluate((m) => localStorage.setItem('SMBData', JSON.stringify(m)), member);
    await page.goto('/new_user');
    await expect(page.locator('.m-user__name')).toHaveText(member.username);
    await expect(page.locator('.m-user__id')).toHaveText(`会员编号：${member.id}`);
    const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/member_logout');
    await page.getByRole('button', { name: '退出登录' }).click();
    // The page leaves for /login at once, so the body is gone: check what was sent, and the effect below.
    const sent = await logout;
    expect(sent.ok()).toBe(true);
    expect(sent.request().postDataJSON()).toMatchObject({ stoken: member.stoken, member_id: member.id });
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('SMBData'))).toBeNull();
    // The server ended that stoken too.
    await expect(
      apiCall(request, 'member_info', { id: member.id, stoken: member.stoken, member_id: member.id }, 'POST'),
    ).rejects.toThrow(/10001/);
  });

  test('no horizontal scrolling at 360 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/', '/general/10001', '/new_search?data=%E5%AD%98%E5%82%A8', '/video_List']) {
      await page.goto(path);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        path,
      ).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('width redirects (gateway 302)', () => {
  // Playwright reads fixtures from the destructuring pattern: none are needed here.
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'phone', 'runs once'));

  const narrow: [string, string][] = [
    ['/video', '/video_List'],
    ['/videoc?id=5', '/video_detail?id=5'],
    ['/search?data=abc', '/new_search?data=abc'],
    ['/AI/12', '/AI/news/12'],
    ['/storage/7', '/storage/news/7'],
    ['/user', '/new_user'],
    ['/AI', '/'],
    ['/cloud', '/'],
    ['/more?id=3', '/'],
    ['/white_pager', '/?tag=2'],
  ];
  const wide: [string, string][] = [
    ['/video_List', '/video'],
    ['/video_detail?id=5', '/videoc?id=5'],
    ['/new_search?data=abc', '/search?data=abc'],
    ['/new_detail?id=12', '/news/12'],
    ['/new_list?id=12', '/news/12'],
    ['/AI/news/12', '/AI/12'],
    ['/new_user', '/user'],
    ['/general/10001', '/more?id=0'],
  ];

  test('narrow /news/{id} and /secret?id= → the article category page; an unknown id → the 404 page', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    const article = await apiCall<{ cat_alias: string }>(request, 'article_content', { id: 12 }, 'POST');
    expect(article.cat_alias).not.toBe('');
    for (const from of ['/news/12', '/secret?id=12']) {
      const res = await request.get(from, { headers: { cookie: 'vw=390' }, maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers()['location']).toBe(`/${article.cat_alias}/news/12`);
    }
    await setWidth(context, baseURL, 390);
    const missing = await page.goto('/news/999999999');
    expect(missing?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'mobile');
  });

  for (const [from, to] of narrow) {
    test(`narrow ${from} → ${to}`, async ({ request }) => {
      const res = await request.get(from, { headers: { cookie: 'vw=390' }, maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers()['location']).toBe(to);
    });
  }
  for (const [from, to] of wide) {
    test(`wide ${from} → ${to}`, async ({ request }) => {
      const res = await request.get(from, { headers: { cookie: 'vw=1280' }, maxRedirects: 0 });
      expect(res.status()).toBe(302);
      expect(res.headers()['location']).toBe(to);
    });
  }

  test('client switch: widening the window on /video_List lands on /video, narrowing goes back', async ({
    page,
    context,
    baseURL,
  }) => {
    await setWidth(context, baseURL, 390);
    await page.goto('/video_List');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page).toHaveURL(/\/video$/);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page).toHaveURL(/\/video_List$/);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'mobile');
  });
});
