import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerMember } from './api';
import { signInEditor } from './back-office';
import { serverDataDir, uniqueName, uniquePhone } from './member-helpers';

/**
 * The IT weekly newsletter end to end (issue 25): a member subscribes in the member centre, an
 * editor sends an issue from the back office, the outbox holds the member's RFC 5322 message, its
 * unsubscribe link works logged out, and the next send skips the member.
 */

/** RFC 2047 encoded words (what nodemailer writes for a Chinese subject) back to text. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** The headers of an .eml file, unfolded, by lower-case name. */
function headersOf(eml: string): Map<string, string> {
  const head = eml.slice(0, eml.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new Map(
    head.split('\r\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()] as [string, string];
    }),
  );
}

/** Sends issue row `row` of the back office's IT 周刊 list; the issue's id. */
async function sendIssue(page: Page, row: number): Promise<number> {
  await page.goto('/admin/reports');
  const send = page.getByRole('button', { name: /^发\s*送$/ }).nth(row);
  await expect(send).toBeVisible({ timeout: 30_000 });
  const progress = page.waitForResponse((r) => /\/admin\/api\/reports\/\d+\/send$/.test(r.url()));
  await send.click();
  const id = Number(/reports\/(\d+)\/send/.exec((await progress).url())![1]);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /发送给/ }).click();
  const started = page.waitForResponse(
    (r) => r.url().endsWith(`/reports/${id}/send`) && r.request().method() === 'POST',
  );
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /^发\s*送$/ })
    .click();
  expect((await started).status()).toBe(202);
  // 状态 (the first value) turns 已发送 when nothing is pending.
  await expect(dialog.locator('.ant-descriptions-item-content').first()).toHaveText('已发送', {
    timeout: 30_000,
  });
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  return id;
}

test('a member subscribes, an editor sends, the .eml is in the outbox and its unsubscribe link works logged out', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one walk is enough: the sender is the same at every width');
  test.setTimeout(120_000);
  const member = await registerMember(request, uniqueName('nl'), uniquePhone());
  const address = `${member.username}@example.com`;

  // The member: 会员中心 → IT 周刊订阅 on.
  await page.goto('/');
  await page.evaluate((m) => localStorage.setItem('SMBData', JSON.stringify(m)), member);
  await page.goto('/user');
  const block = page.locator('.newsletter-settings');
  await expect(block.getByLabel('接收邮箱')).toHaveValue(address, { timeout: 30_000 });
  await block.getByRole('switch').click(); // on once the server confirms
  await expect(block.getByRole('switch')).toBeChecked();
  await expect(block).toContainText('已订阅');

  // The editor, in a context of their own.
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await signInEditor(editor, '/admin/reports');
  const issue = await sendIssue(editor, 0);

  const file = path.join(serverDataDir(), 'mail-outbox', `weekly-${issue}-${member.id}.eml`);
  await expect.poll(() => existsSync(file), { timeout: 30_000 }).toBe(true);
  const eml = readFileSync(file, 'utf8');
  const headers = headersOf(eml);
  expect(headers.get('to')).toBe(address);
  expect(decodeWords(headers.get('subject') ?? '')).toMatch(/IT 周刊 第 \d+ 期/);
  expect(eml).toContain('multipart/alternative');
  expect(eml).toContain('Content-Type: text/plain');
  expect(eml).toContain('Content-Type: text/html');
  expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  const oneClick = new URL(/^<(.+)>$/.exec(headers.get('list-unsubscribe') ?? '')![1]);
  expect(oneClick.protocol).toMatch(/^https?:$/);

  // Logged out: the link's page, one button.
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(`/unsubscribe?token=${encodeURIComponent(oneClick.searchParams.get('token')!)}`);
  await stranger.getByRole('button', { name: '确认退订' }).click();
  await expect(stranger.getByRole('status')).toContainText(address);
  // The mail client's one-click POST (RFC 8058) answers too, without a session.
  const post = await request.post(`${oneClick.pathname}${oneClick.search}`, {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(post.status()).toBe(200);
  // A tampered token: a clear message, nothing changes.
  await stranger.goto('/unsubscribe?token=1.9999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await stranger.getByRole('button', { name: '确认退订' }).click();
  await expect(stranger.getByRole('alert')).toContainText('退订链接无效');

  // The next send skips the member.
  const next = await sendIssue(editor, 1);
  expect(existsSync(path.join(serverDataDir(), 'mail-outbox', `weekly-${next}-${member.id}.eml`))).toBe(
    false,
  );
  await editorContext.close();
  await strangerContext.close();
});
