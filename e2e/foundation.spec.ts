import { expect, test, type BrowserContext } from '@playwright/test';
import { apiCall } from './api';

const NOT_FOUND = '抱歉，您访问的页面不存在（404）';

async function setWidthCookie(context: BrowserContext, baseURL: string | undefined, vw: number) {
  await context.addCookies([{ name: 'vw', value: String(vw), url: baseURL ?? 'http://127.0.0.1:8091' }]);
}

test.describe('desktop home', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop viewport');

  test('renders the seeded home with header, sections and footer', async ({ page, request }) => {
    const [news, banners, right] = await Promise.all([
      apiCall<{ title: string }[]>(request, 'get_news'),
      apiCall<{ title: string }[]>(request, 'get_loop'),
      apiCall<{ hot: { title: string }[] }>(request, 'get_right'),
    ]);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'desktop');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.locator('.site-header')).toBeVisible();
    await expect(page.locator('.site-nav')).toContainText('存储');
    await expect(page.locator('.latest')).toContainText(news[0].title);
    await expect(page.locator('.banner__title').first()).toHaveText(banners[0].title);
    // Hot news: the first 6, the top three ranked.
    await expect(page.locator('.hot__item')).toHaveCount(Math.min(6, right.hot.length));
    await expect(page.locator('.hot__item.is-top')).toHaveCount(Math.min(3, right.hot.length));
    await expect(page.locator('.fall__item')).toHaveCount(10);
    await expect(page.locator('.site-footer')).toBeVisible();
    await expect(page.locator('.site-footer')).toContainText('ICP');
    // SEO tags are in the server HTML.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  });

  test('infinite scroll appends the next page of 10', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.fall__item')).toHaveCount(10);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('.fall__list').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await expect(page.locator('.fall__item')).toHaveCount(20, { timeout: 10_000 });
  });

  test('back-to-top appears only after scrolling past 400 px', async ({ page }) => {
    await page.goto('/');
    const top = page.getByRole('button', { name: '返回顶部' });
    await expect(top).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(top).toBeVisible();
  });
});

test('mobile home renders for a narrow reader', async ({ page, context, baseURL, request }) => {
  const banners = await apiCall<{ title: string }[]>(request, 'get_loop', { type: 'mobile' });
  await setWidthCookie(context, baseURL, 390);
  const res = await page.goto('/');
  expect(res?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'mobile');
  await expect(page.locator('body')).toContainText(banners[0].title);
});

test('vendor landing page renders', async ({ page }) => {
  const res = await page.goto('/vendor');
  expect(res?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-app', 'landing');
  await expect(page.locator('body')).not.toContainText(NOT_FOUND);
  await expect(page.locator('.site-header')).toHaveCount(0);
});

test.describe('width routing', () => {
  test('narrow /video → 302 /video_List', async ({ request }) => {
    const res = await request.get('/video', { headers: { cookie: 'vw=390' }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()['location']).toBe('/video_List');
  });

  test('wide /video_List → 302 /video', async ({ request }) => {
    const res = await request.get('/video_List', { headers: { cookie: 'vw=1280' }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()['location']).toBe('/video');
  });

  test('/ with vw=390 is the mobile app, with vw=1280 the desktop app', async ({ request }) => {
    const narrow = await request.get('/', { headers: { cookie: 'vw=390' } });
    expect(await narrow.text()).toContain('data-app="mobile"');
    const wide = await request.get('/', { headers: { cookie: 'vw=1280' } });
    expect(await wide.text()).toContain('data-app="desktop"');
  });
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const res = await page.goto('/no-such-page-' + Date.now().toString(36));
  expect(res?.status()).toBe(404);
  await expect(page.getByText(NOT_FOUND)).toBeVisible();
  await expect(page.getByRole('button', { name: '返回上一页' })).toBeVisible();
  await expect(page.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
});

test('header and footer: hidden at 390 px, shown at 1280 px on /about', async ({ page, isMobile }) => {
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-app', 'desktop');
  if (isMobile) {
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('.site-footer')).toBeHidden();
  } else {
    await expect(page.locator('.site-header')).toBeVisible();
    await expect(page.locator('.site-footer')).toBeVisible();
  }
});

test.describe('viewport script', () => {
  test.skip(({ isMobile }) => isMobile, 'resizes a desktop window');

  test('crossing 960 px on / reloads into the other app', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('html')).toHaveAttribute('data-app', 'mobile', { timeout: 10_000 });
    expect((await page.context().cookies()).find((c) => c.name === 'vw')?.value).toBe('390');
  });

  test('a desktop-only page stays put when narrowed', async ({ page }) => {
    await page.goto('/about');
    let reloads = 0;
    page.on('load', () => reloads++);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(1000);
    expect(reloads).toBe(0);
    await expect(page.locator('html')).toHaveAttribute('data-app', 'desktop');
  });

  test('a wrong User-Agent guess on the first visit is corrected once', async ({ browser, baseURL }) => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 800 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-app', 'desktop', { timeout: 10_000 });
    await context.close();
  });
});

test('a phone without the vw cookie gets the mobile home from its User-Agent', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'phone User-Agent');
  const res = await page.goto('/');
  expect(await res?.text()).toContain('data-app="mobile"');
});
