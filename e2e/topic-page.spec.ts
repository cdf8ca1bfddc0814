import { expect, test, type Page } from '@playwright/test';
import { edit, save, signInEditor } from './back-office';

/**
 * A topic's page (/topic/{id}, issue 14): made and changed in the back office (at a desktop screen,
 * in its own browser context) and seen at once on this project's width, desktop or phone: cover,
 * title, description, its articles linking to their pages, its SEO title, the special-topic lists
 * linking to it, paging (desktop pager, phone endless list), and the 404 page once unpublished.
 */

type Row = Record<string, unknown> & { id: number };
/** A change reaches every public page within 2 s; a busy machine gets more. */
const SEEN = { timeout: 15_000, intervals: [500, 1000] };

// The consent banner is tested in privacy.spec.ts; keep it from covering the pager here.
test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'cookie_consent', value: 'allow', url: baseURL ?? 'http://127.0.0.1:8091' },
  ]);
});
/** Pages that navigate on a busy machine (e2e runs share two cores with the builds). */
const LOADED = { timeout: 30_000 };

/** A back-office page at 1440x900, signed in, whatever this project's viewport. */
async function backOffice(page: Page): Promise<Page> {
  const { baseURL } = test.info().project.use;
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const office = await context.newPage();
  await signInEditor(office, '/admin/topics');
  return office;
}

test('a topic made in the back office has its page, changes show at once, unpublished it is gone', async ({
  page,
  isMobile,
}) => {
  test.setTimeout(300_000);
  const office = await backOffice(page);
  const tag = Date.now().toString(36);
  const title = `边缘智能专题${tag}`;
  const description = `专题简介${tag}：从工厂到门店的边缘算力。`;

  // A cover that exists (a seeded topic's) and an article picked with the search box.
  const topics = (await (await office.request.get('/admin/api/topics?pageSize=5')).json()) as {
    items: Row[];
  };
  const cover = String(topics.items.find((t) => t.thumb)?.thumb ?? '');
  expect(cover).not.toBe('');
  const articles = (await (
    await office.request.get('/admin/api/articles?status=published&page=3&pageSize=5')
  ).json()) as { items: { id: number; title: string }[] };
  const pick = articles.items[0]!;

  await office.goto('/admin/topics/new');
  await expect(office.getByRole('button', { name: /保\s*存/ })).toBeVisible({ timeout: 30_000 });
  await office.locator('#title').fill(title);
  await office.locator('#description').fill(description);
  await office.getByPlaceholder('上传图片或填写图片地址').fill(cover);
  const search = office.getByLabel('搜索文章');
  await search.click();
  await search.fill(pick.title.slice(0, 12));
  await office.locator('.ant-select-item-option', { hasText: pick.title }).first().click();
  await expect(office.locator('.picked-title', { hasText: pick.title })).toBeVisible();
  const created = (await save(office)) as Row;
  const path = `/topic/${created.id}`;

  await test.step('its page on this width: cover, title, description, SEO, the article linking to its page', async () => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('data-app', isMobile ? 'mobile' : 'desktop');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(description)).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${title}-专题-`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
    await expect(page.locator('main img').first()).toHaveAttribute('src', cover);
    const link = page.getByRole('link', { name: pick.title }).first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pick.title, LOADED);
    expect(new URL(page.url()).pathname).toMatch(
      isMobile ? /\/news\/\d+$|\/new_detail/ : /^\/[A-Za-z]+\/\d+$/,
    );
  });

  await test.step('the special-topic list links to it', async () => {
    await page.goto(isMobile ? '/general/10002' : '/');
    const entry = page.locator(`a[href="${path}"]`).first();
    await expect(entry).toBeAttached();
    await entry.scrollIntoViewIfNeeded();
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`${path}$`), LOADED);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, LOADED);
  });

  await test.step('a change in the back office shows without a restart', async () => {
    const renamed = `${title}（更新）`;
    await edit(office, 'topics', created.id);
    await office.locator('#title').fill(renamed);
    await save(office);
    await expect
      .poll(async () => {
        await page.goto(path);
        return page.getByRole('heading', { level: 1 }).textContent();
      }, SEEN)
      .toBe(renamed);
  });

  await test.step('unpublished: the 404 page, and gone from the list', async () => {
    await edit(office, 'topics', created.id);
    await office.getByRole('switch').last().click();
    await save(office);
    await expect.poll(async () => (await page.goto(path))?.status(), SEEN).toBe(404);
    await page.goto(isMobile ? '/general/10002' : '/');
    await expect(page.locator(`a[href="${path}"]`)).toHaveCount(0);
  });

  await office.request.delete(`/admin/api/topics/${created.id}`, {
    headers: { 'x-csrf-token': await csrfOf(office) },
  });
  await office.context().close();
});

test("a topic's articles page on the desktop and load endlessly on the phone", async ({ page, isMobile }) => {
  test.setTimeout(120_000);
  // A seeded special topic without picks (its category's newest: more than a page); the last one
  // listed, as a topic another test is making now would be the first.
  await page.goto(isMobile ? '/general/10002' : '/');
  const list = page.locator(isMobile ? '.m-news-list a[href^="/topic/"]' : '.specials a[href^="/topic/"]');
  const href = await list.last().getAttribute('href');
  expect(href).toMatch(/^\/topic\/\d+$/);
  await page.goto(href!);
  const items = isMobile ? page.locator('.m-news-list > li') : page.locator('.rows__item');
  const first = await items.count();
  expect(first).toBeGreaterThan(0);
  if (isMobile) {
    // The next page loads 1 s after the list's end reaches the screen.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        return items.count();
      }, LOADED)
      .toBeGreaterThan(first);
  } else {
    const firstTitle = await items.first().locator('h3').textContent();
    await page.getByRole('link', { name: '2', exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${href}\\?page=2$`), LOADED);
    await expect(page).toHaveTitle(/_第2页-专题-/, LOADED);
    await expect(items.first().locator('h3')).not.toHaveText(firstTitle ?? '', LOADED);
  }
  // An unknown topic and a malformed id: the 404 page.
  expect((await page.goto('/topic/2147483000'))?.status()).toBe(404);
  expect((await page.goto('/topic/abc'))?.status()).toBe(404);
});

/** The CSRF token of a signed-in back-office page (from its session call). */
async function csrfOf(office: Page): Promise<string> {
  const res = await office.request.get('/admin/api/session');
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}
