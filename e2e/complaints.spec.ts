import { expect, test } from '@playwright/test';
import { COMPLAINT_CONTACT_LABEL } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/messages';
import { apiPost } from './api';
import { edit, save, signInEditor } from './back-office';
import { uniqueName } from './member-helpers';

/**
 * Complaints (举报, issue 26 §2), at both widths: a reader reports an article from its page (the
 * desktop article, or the phone article in the phone project), the complaint is in the back
 * office's queue with the page it came from, and an admin handles it there. The footer shows the
 * complaint contact from the site settings.
 */
const ARTICLE = 12;

test('a 举报 sent from an article page reaches the back-office queue and is handled', async ({
  page,
  browser,
  isMobile,
  request,
}) => {
  const article = await apiPost<{ cat_alias: string; title: string }>(request, 'article_content', {
    id: ARTICLE,
  });
  const path = isMobile ? `/${article.cat_alias}/news/${ARTICLE}` : `/${article.cat_alias}/${ARTICLE}`;
  await page.goto(path);
  await expect(page.locator('h1')).toHaveText(article.title);
  await expect(page.locator('footer').getByText(COMPLAINT_CONTACT_LABEL)).toBeVisible();

  const dialog = page.getByRole('dialog', { name: '举报' });
  // A press before the page hydrated does nothing: pressed again until the dialog opens.
  await expect(async () => {
    await page.getByRole('button', { name: '举报', exact: true }).click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(dialog.getByText(`${path}`)).toBeVisible();
  // Nothing chosen: told so without a round trip.
  await dialog.getByRole('button', { name: '提交举报' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(MSG.complaintReasonRequired);

  const words = uniqueName('来源不实');
  await dialog.getByLabel('虚假信息').check();
  await dialog.getByLabel('举报说明').fill(`文章数据${words}`);
  await dialog.getByLabel('联系方式（选填）').fill('reader@example.com');
  const sent = page.waitForResponse((r) => r.url().includes('/api/complaint_add'));
  await dialog.getByRole('button', { name: '提交举报' }).click();
  expect(((await (await sent).json()) as { code: number }).code).toBe(0);
  await expect(dialog.getByRole('status')).toHaveText(MSG.complaintSent);
  await dialog.getByRole('button', { name: '关闭', exact: true }).last().click();
  await expect(dialog).toBeHidden();

  // The back office is a desktop tool: handled at 1440x900 whichever width the reader had.
  const office = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const admin = await office.newPage();
  await signInEditor(admin, '/admin/complaints');
  const list = await admin.request.get(`/admin/api/complaints?q=${encodeURIComponent(words)}`);
  const [item] = ((await list.json()) as { items: Record<string, unknown>[] }).items;
  expect(item).toMatchObject({
    reason: '虚假信息',
    article_id: ARTICLE,
    status: 'pending',
    contact: 'reader@example.com',
  });
  expect(String(item!.url)).toMatch(new RegExp(`${path}$`));
  await expect(admin.getByText(`文章数据${words}`)).toBeVisible();

  await edit(admin, 'complaints', String(item!.id));
  await expect(admin.getByRole('link', { name: '打开被举报页面' })).toHaveAttribute(
    'href',
    String(item!.url),
  );
  await expect(admin.getByRole('button', { name: '下线文章' })).toBeVisible();
  await admin.getByLabel('处理状态').click();
  await admin.locator('.ant-select-item-option', { hasText: '已处理' }).click();
  await admin.getByLabel('处理备注').fill('已核实并联系作者更正');
  await save(admin);
  const after = await admin.request.get(`/admin/api/complaints/${String(item!.id)}`);
  expect(await after.json()).toMatchObject({ status: 'done', note: '已核实并联系作者更正' });
  await office.close();
});
