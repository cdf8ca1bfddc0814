import { devices, expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { ArticleStats, ArticleViewsPage, StatsOverview } from '@portal/api-client/stats';
import { apiCall } from './api';
import { signInEditor } from './back-office';

/**
 * Issue 25 section 2, end to end: a reader's view, sent by the real article pages of both sites with
 * the page's referrer, shows up in the back office under its day, its device and its source; the
 * back office opens on the 数据概览 dashboard with its charts.
 */

type Item = { id: number; url: string; title: string };

const shanghaiToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

async function articleStats(page: Page, id: number): Promise<ArticleStats> {
  const day = shanghaiToday();
  const res = await page.request.get(`/admin/api/stats/articles/${id}?from=${day}&to=${day}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ArticleStats;
}
const viewsOf = (s: Pick<ArticleStats, 'bySource' | 'byDevice'>, key: string) =>
  [...s.bySource, ...s.byDevice].find((x) => x.key === key)?.views ?? 0;

async function overviewOf(page: Page): Promise<StatsOverview> {
  const res = await page.request.get('/admin/api/stats/overview');
  expect(res.status()).toBe(200);
  return (await res.json()) as StatsOverview;
}

/** The article's line in GET /admin/api/stats/articles for today (paged through: most viewed first). */
async function listedToday(page: Page, id: number) {
  const day = shanghaiToday();
  for (let n = 1; ; n++) {
    const res = await page.request.get(
      `/admin/api/stats/articles?from=${day}&to=${day}&page=${n}&pageSize=100`,
    );
    expect(res.status()).toBe(200);
    const { items, total } = (await res.json()) as ArticleViewsPage;
    const views = items.map((i) => i.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const found = items.find((i) => i.id === id);
    if (found || n * 100 >= total) return found;
  }
}

/** Opens the article as a reader arriving from `referer`, and waits until its view is counted. */
async function readFrom(context: BrowserContext, path: string, referer: string, pvPath: RegExp) {
  const reader = await context.newPage();
  const counted = reader.waitForResponse((r) => pvPath.test(new URL(r.url()).pathname) && r.status() === 200);
  await reader.goto(path, { referer });
  await counted;
  await reader.close();
}

test.describe('what readers read', () => {
  // The test opens its own phone and desktop readers: once is enough.
  test.skip(({ isMobile }) => isMobile, 'one run covers both sites');

  test('a phone view from Baidu and a desktop view from WeChat show up under their day, device and source', async ({
    page,
    browser,
    request,
  }) => {
    const [item] = await apiCall<Item[]>(request, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 }, 'POST');
    await signInEditor(page, '/admin');
    await expect(page.getByRole('heading', { name: /数据概览/ })).toBeVisible();
    const before = await articleStats(page, item.id);
    const overviewBefore = await overviewOf(page);

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent: devices['iPhone 13'].userAgent,
    });
    await readFrom(
      phone,
      `/new_detail?id=${item.id}`,
      'https://m.baidu.com/s?word=%E4%BA%91',
      /^\/article_pv$/,
    );
    await phone.close();
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await readFrom(desktop, item.url, 'https://mp.weixin.qq.com/s/abc', /^\/article_pv$/);
    await desktop.close();

    await expect
      .poll(async () => {
        const after = await articleStats(page, item.id);
        return ['phone', 'baidu', 'desktop', 'wechat'].map((k) => viewsOf(after, k) - viewsOf(before, k));
      })
      .toEqual([1, 1, 1, 1]);
    const after = await articleStats(page, item.id);
    expect(after.byDay).toEqual([{ day: shanghaiToday(), views: before.byDay[0]!.views + 2 }]);

    // GET /admin/api/stats/articles lists it for today with its views (other specs may read it too).
    const listed = await listedToday(page, item.id);
    expect(listed).toMatchObject({ id: item.id, title: item.title });
    expect(listed!.views).toBeGreaterThanOrEqual(before.byDay[0]!.views + 2);

    // The dashboard counts them too: under today, the phone and Baidu (other specs read at the same
    // time, so at least these views), and draws its charts (ECharts, loaded on demand).
    const overview = await overviewOf(page);
    expect(overview.today).toBe(shanghaiToday());
    expect(overview.trend.at(-1)!.day).toBe(shanghaiToday());
    expect(overview.trend.at(-1)!.views).toBeGreaterThanOrEqual(overviewBefore.trend.at(-1)!.views + 2);
    expect(overview.views.today).toBeGreaterThanOrEqual(overviewBefore.views.today + 2);
    for (const key of ['phone', 'baidu', 'desktop', 'wechat']) {
      expect(viewsOf(overview, key), key).toBeGreaterThanOrEqual(viewsOf(overviewBefore, key) + 1);
    }
    await page.reload();
    await expect(page.getByRole('img', { name: '近 30 天每日阅读量' }).locator('canvas')).toBeVisible();
    await expect(page.getByRole('img', { name: '阅读来源占比' }).locator('canvas')).toBeVisible();

    // The article's edit page shows its views by day and by source.
    await page.goto(`/admin/articles/${item.id}`);
    const card = page.locator('.article-stats');
    await expect(card.getByRole('img', { name: '每日阅读量' }).locator('canvas')).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.getByRole('img', { name: '阅读来源占比' })).toBeVisible();
  });
});
