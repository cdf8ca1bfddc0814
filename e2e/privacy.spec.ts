import { expect, test, type BrowserContext } from '@playwright/test';
import { COOKIE } from '../packages/api-client/src/constants';

/**
 * The privacy statement (desktop and mobile at /privacy) and the one cookie banner of every app:
 * it links to the statement, hides after a choice, and keeps allow and refuse for a day in the cookie.
 */

const BASE = 'http://127.0.0.1:8091';
const BANNER = '[aria-label="Cookie 提示"]';

async function setWidth(context: BrowserContext, baseURL: string | undefined, vw: number) {
  await context.addCookies([{ name: COOKIE.viewportWidth, value: String(vw), url: baseURL ?? BASE }]);
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === COOKIE.consent);
}

test('the privacy statement covers what the portal stores, at both widths', async ({
  page,
  context,
  baseURL,
  isMobile,
}) => {
  await setWidth(context, baseURL, isMobile ? 390 : 1280);
  const res = await page.goto('/privacy');
  expect(res?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('data-app', isMobile ? 'mobile' : 'desktop');
  await expect(page.getByRole('heading', { level: 1, name: '隐私声明' })).toBeVisible();
  const text = await page.locator('.ui-privacy').innerText();
  for (const stored of [
    'vw',
    'cookie_consent',
    'SMBData',
    'user_id',
    'article_pv',
    '短信验证码',
    '活动报名',
    '保存期限',
    '您的权利',
  ]) {
    expect(text).toContain(stored);
  }
  await page.locator('.ui-privacy').getByRole('link', { name: '“关于我们”页面' }).click();
  await expect(page).toHaveURL(/\/about#contact$/);
  await expect(page.locator('#contact')).toHaveText('联系我们');
});

test.describe('desktop links', () => {
  test.skip(({ isMobile }) => isMobile, 'desktop viewport');

  test('the footer links 联系我们 to a real anchor and the statement', async ({ page, context, baseURL }) => {
    await setWidth(context, baseURL, 1280);
    await page.goto('/recruit');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: '隐私声明' })).toHaveAttribute('href', '/privacy');
    await footer.getByRole('link', { name: '联系我们' }).click();
    await expect(page).toHaveURL(/\/about#contact$/);
    await expect(page.locator('#contact')).toBeVisible();
  });
});

test.describe('cookie banner', () => {
  test('mobile: links the statement, refusal hides it and lasts a day', async ({
    page,
    context,
    baseURL,
    isMobile,
  }) => {
    test.skip(!isMobile, 'phone viewport');
    await setWidth(context, baseURL, 390);
    await page.goto('/');
    const banner = page.locator(BANNER);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: '《隐私声明》' })).toHaveAttribute('href', '/privacy');
    await banner.getByRole('button', { name: '拒绝' }).click();
    await expect(banner).toBeHidden();
    const cookie = await consentCookie(context);
    expect(cookie?.value).toBe('refuse');
    // A cookie, not the tab's session: about one day from now (never an exact time).
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(23 * 3600_000);
    const next = await context.newPage();
    await next.goto('/video_List');
    await expect(next.locator('main')).toBeVisible();
    await expect(next.locator(BANNER)).toHaveCount(0);
  });

  test('landing pages: the same banner; allow stores the consent cookie', async ({ page, context }) => {
    await page.goto('/vendor');
    const banner = page.locator(BANNER);
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: '允许' }).click();
    await expect(banner).toBeHidden();
    expect((await consentCookie(context))?.value).toBe('allow');
    await page.goto('/activity/register?id=1');
    await expect(page.locator('form')).toBeVisible();
    await expect(page.locator(BANNER)).toHaveCount(0);
  });

  test('the activity form and the vendor registration link the statement', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: COOKIE.consent, value: 'allow', url: baseURL ?? BASE }]);
    await page.goto('/activity/register?id=1');
    await expect(page.locator('form').getByRole('link', { name: '《隐私声明》' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
