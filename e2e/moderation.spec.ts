import { expect, test } from '@playwright/test';
import { CSRF_HEADER } from '@portal/api-client/admin';
import { ErrorCode } from '@portal/api-client/codes';
import { accessToken } from './api';
import { save, signInEditor } from './back-office';
import { uniqueName } from './member-helpers';

/**
 * Sensitive words (issue 26 §1) through the back office's pages: an admin adds a `block` word on
 * the dictionary's page, a visitor's text with it written in Traditional characters, full width
 * and spaced out is refused with the documented code, and the hit is in the back office's list.
 * The API tests cover every kind of text on both databases; this walks the pages once.
 */

// A back-office walk: once is enough (the back office is a desktop tool at every width).
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'runs once'));

/** ASCII → its full-width form (Ａ for A, ０ for 0). */
const fullWidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

test('a block word added in the back office refuses a visitor’s disguised spelling, and the hit is listed', async ({
  page,
  request,
  baseURL,
}) => {
  // Made up and unique to the run: no other spec's text can contain it.
  const suffix = uniqueName('w').toLowerCase();
  const word = `测试词${suffix}`;
  const disguised = `測 試 詞 ${fullWidth(suffix.toUpperCase())}`;

  await signInEditor(page, '/admin/sensitive-words/new');
  await page.locator('#word').fill(word);
  // 禁止 is the level a new word starts with.
  await expect(page.getByText('禁止（block）').first()).toBeVisible();
  const { id } = (await save(page)) as { id: number };
  const csrf = ((await (await page.request.get('/admin/api/session')).json()) as { csrfToken: string })
    .csrfToken;

  // Applied within 2 s (the content-change announcement); the editor's check sees it first.
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/admin/api/sensitive-words/check', {
          data: { title: disguised },
          headers: { [CSRF_HEADER]: csrf },
        });
        return ((await res.json()) as { hits: { word: string }[] }).hits.map((h) => h.word);
      },
      { timeout: 10_000 },
    )
    .toEqual([word]);

  const res = await request.post('/api/complaint_add', {
    headers: { authorization: `Bearer ${await accessToken(request)}` },
    data: { url: `${baseURL}/news/12`, reason: '其他', description: `这篇文章写了${disguised}，请核实` },
  });
  const answer = (await res.json()) as { code: number; msg: string };
  expect(answer.code).toBe(ErrorCode.SensitiveWords);
  expect(answer.msg).toMatch(/敏感词|违规/);
  // It names what the visitor wrote, so they know what to change.
  expect(answer.msg).toContain('測 試 詞');

  await page.goto('/admin/sensitive-hits');
  const row = page.locator('tr', { hasText: word }).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText('举报');
  await expect(row).toContainText('已拒绝');

  const removed = await page.request.delete(`/admin/api/sensitive-words/${id}`, {
    headers: { [CSRF_HEADER]: csrf },
  });
  expect(removed.status()).toBe(204);
});
