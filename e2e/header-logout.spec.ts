import { expect, test } from '@playwright/test';
import { apiCall } from './api';

/**
 * The desktop header's member menu (spec section 4): the name opens 用户中心 / 退出登录; logging out
 * ends the stoken on the server, removes SMBData and goes to /login. The HTTP client behind it is
 * loaded on click, not with the read-only home.
 */

test.skip(({ isMobile }) => isMobile, 'the desktop header (1280x800)');

interface LoggedIn {
  id: number;
  stoken: string;
  username: string;
  avatar: string;
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([
    { name: 'vw', value: '1280', url: baseURL ?? 'http://127.0.0.1:8091' },
    { name: 'cookie_consent', value: 'allow', url: baseURL ?? 'http://127.0.0.1:8091' },
  ]);
});

test('the header menu logs the member out and goes to /login', async ({ page, request }) => {
  const member = await apiCall<LoggedIn>(
    request,
    'member_login',
    { username: 'demo', password: 'demo123456' },
    'POST',
  );
  await page.goto('/about');
  await page.evaluate((m) => localStorage.setItem('SMBData', JSON.stringify(m)), member);
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  const header = page.locator('header.site-header');
  const name = header.getByRole('button', { name: member.username });
  await expect(name).toBeVisible();
  await expect(header.getByRole('link', { name: '登录', exact: true })).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const beforeClick = scripts.length;

  await name.click();
  await expect(name).toHaveAttribute('aria-expanded', 'true');
  await expect(header.locator('.site-user__drop').getByRole('link', { name: '用户中心' })).toHaveAttribute(
    'href',
    '/user',
  );
  const logout = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/member_logout');
  await header.getByRole('button', { name: '退出登录' }).click();
  const res = await logout;
  expect(((await res.json()) as { code: number }).code).toBe(0);
  // The identity went in the body of a POST, as every member call does.
  expect(res.request().method()).toBe('POST');
  expect(res.request().postDataJSON()).toMatchObject({ stoken: member.stoken, member_id: member.id });
  // The logout code (and axios) came with the click, not with the home page.
  expect(scripts.length).toBeGreaterThan(beforeClick);

  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('SMBData'))).toBeNull();
  await expect(header.getByRole('link', { name: '登录', exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: member.username })).toHaveCount(0);
  await expect(
    apiCall(request, 'member_info', { id: member.id, stoken: member.stoken, member_id: member.id }, 'POST'),
  ).rejects.toThrow(/10001/);
});

test('the menu closes on Escape and on a click elsewhere', async ({ page, request }) => {
  const member = await apiCall<LoggedIn>(
    request,
    'member_login',
    { username: 'demo', password: 'demo123456' },
    'POST',
  );
  await page.goto('/about');
  await page.evaluate((m) => localStorage.setItem('SMBData', JSON.stringify(m)), member);
  await page.goto('/about');
  const name = page.locator('header.site-header').getByRole('button', { name: member.username });
  await name.click();
  await expect(page.getByRole('button', { name: '退出登录' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: '退出登录' })).toHaveCount(0);
  await name.click();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(page.getByRole('button', { name: '退出登录' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('SMBData'))).not.toBeNull();
});
