import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { accessToken, apiPost, registerMember } from './api';
import { admin, png, serverDataDir, uniqueName, uniquePhone } from './member-helpers';

/**
 * The newsroom's back office (issue 13), walked in Chromium as an editor works: the first admin
 * from the CLI, an article with an image from draft to scheduled to published to unpublished, the
 * review queues, and a lead export. The back office is a desktop tool: 1440x900, desktop only.
 */
test.skip(({ isMobile }) => isMobile, 'the back office is used on a desktop screen');
test.use({ viewport: { width: 1440, height: 900 } });

const PASSWORD = 'newsroom-e2e-2026';

async function signIn(page: Page, username: string) {
  await page.goto('/admin/articles');
  // The first visit loads the back office's bundle (Ant Design): give a busy machine time.
  await expect(page).toHaveURL(/\/admin\/login\?next=/, { timeout: 30_000 });
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/admin\/articles$/, { timeout: 30_000 });
}

test('an editor writes an article with an image, previews it, schedules it, and takes it down', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const editor = uniqueName('chief');
  await admin(serverDataDir(), 'editor', 'add', editor, '--role', 'admin', '--password', PASSWORD);
  await signIn(page, editor);

  await page.getByRole('button', { name: /写文章/ }).click();
  await expect(page.locator('.w-e-text-container')).toBeVisible({ timeout: 30_000 });
  const title = `边缘计算走进工厂${Date.now().toString(36)}`;
  await page.getByLabel('标题').fill(title);
  await page.getByLabel('分类').click();
  await page.locator('.ant-select-item-option', { hasText: '人工智能' }).click();
  await page.getByLabel('作者').fill('张记者');
  const body = page.locator('.w-e-text-container [contenteditable="true"]');
  await body.click();
  await expect(body).toBeFocused();
  await page.keyboard.type('边缘计算正在进入工厂与门店。');

  // An image through the editor's own upload menu (the server re-encodes it). The menu acts only
  // once the toolbar has seen the editor's selection (until then its buttons are `disabled` and a
  // click does nothing), and it opens its file input by appending a hidden one to <body>: wait for
  // each of those states, not for time, and give the file to that input.
  const uploadImage = page.locator('[data-menu-key="uploadImage"]');
  await expect(uploadImage).not.toHaveClass(/disabled/);
  // The last one: a retried click that did open the menu leaves one input per click.
  const fileInput = page.locator('body > input[type="file"]').last();
  await expect(async () => {
    await page.locator('.w-e-bar-item-group', { has: page.locator('[data-menu-key="group-image"]') }).hover();
    await uploadImage.click({ timeout: 5_000 });
    await expect(fileInput).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/admin/api/uploads'));
  await fileInput.setInputFiles({
    name: 'factory.png',
    mimeType: 'image/png',
    buffer: png(64, [30, 120, 200]),
  });
  expect((await uploaded).status()).toBe(200);
  await expect(page.locator('.w-e-text-container img')).toHaveCount(1);

  // The live preview at both widths shows the title and the picture.
  for (const label of ['桌面端 1280px预览', '手机端 390px预览']) {
    const frame = page.frameLocator(`iframe[title="${label}"]`);
    await expect(frame.locator('h1')).toHaveText(title);
    await expect(frame.locator('img')).toHaveCount(1);
  }

  await page.getByRole('button', { name: /保存草稿/ }).click();
  await expect(page).toHaveURL(/\/admin\/articles\/\d+$/);
  const id = Number(/\/articles\/(\d+)$/.exec(page.url())![1]);

  // Scheduled a minute ahead: published by the server at that time, without a restart or a visit.
  // The next whole minute at least a minute ahead (the picker takes minutes), in the browser's zone,
  // which is this machine's, as the server's clock is.
  const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const text = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
  const picker = page.getByLabel('定时发布时间');
  await picker.click();
  await picker.fill(text);
  await picker.press('Enter');
  await page.getByRole('button', { name: /定时发布/ }).click();
  await expect(page.locator('.ant-tag', { hasText: '定时发布' })).toBeVisible();
  expect((await request.get(`/AI/${id}`)).status()).toBe(404);

  const desktopHome = async () => (await request.get('/', { headers: { cookie: 'vw=1280' } })).text();
  await expect.poll(desktopHome, { timeout: 150_000, intervals: [1000] }).toContain(title);
  const phone = await request.get(`/AI/news/${id}`, { headers: { cookie: 'vw=390' } });
  expect(phone.status()).toBe(200);
  expect(await phone.text()).toContain(title);

  // Unpublished: a 404 on both sites within seconds.
  await page.reload();
  // 下线 itself, not 定时下线 beside it.
  await page.getByRole('button', { name: /(?:^|\s)下\s*线$/ }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(page.locator('.ant-tag', { hasText: '已下线' })).toBeVisible();
  await expect
    .poll(async () => (await request.get(`/AI/${id}`, { headers: { cookie: 'vw=1280' } })).status(), {
      timeout: 10_000,
    })
    .toBe(404);
  await expect
    .poll(async () => (await request.get(`/AI/news/${id}`, { headers: { cookie: 'vw=390' } })).status(), {
      timeout: 10_000,
    })
    .toBe(404);
});

test('a reviewer approves a column and a column article; leads export as CSV', async ({ page, request }) => {
  test.setTimeout(180_000);
  const dir = serverDataDir();
  const editor = uniqueName('desk');
  await admin(dir, 'editor', 'add', editor, '--role', 'admin', '--password', PASSWORD);

  // A member applies for a column.
  const username = uniqueName('col');
  const member = await registerMember(request, username, uniquePhone());
  const identity = { stoken: member.stoken, member_id: member.id };
  await apiPost(request, 'space_apply', { id: member.id, ...identity });

  await signIn(page, editor);
  await page.getByRole('menuitem', { name: '专栏审核' }).click();
  const application = page.locator('tr', { hasText: username });
  await expect(application.locator('.masked-phone')).toHaveText(/^\d{3}\*{4}\d{4}$/);
  await application.getByRole('button', { name: /通\s*过/ }).click();
  await expect(application).toHaveCount(0);

  // The approved columnist submits an article; the reviewer approves it and it is public at once.
  const headers = { authorization: `Bearer ${await accessToken(request)}` };
  const channels = (await (
    await request.get('/api/space_channel', { headers, params: identity })
  ).json()) as {
    data: { id: number }[];
  };
  const channel = channels.data[0]!.id;
  const category = (
    await apiPost<{ id: number }[]>(request, 'space_category', { channel_id: channel, ...identity })
  )[0]!.id;
  const articleTitle = `专栏稿${Date.now().toString(36)}`;
  await apiPost(request, 'space_add_article', {
    ...identity,
    title: articleTitle,
    channel,
    category,
    content: '<p>专栏正文</p>',
    is_push: 1,
  });
  await page.goto('/admin/review?tab=articles');
  const pending = page.locator('tr', { hasText: articleTitle });
  await pending.getByRole('button', { name: /通\s*过/ }).click();
  await expect(pending).toHaveCount(0);
  const found = await apiPost<{ list: { title: string }[] }>(request, 'search_list', {
    title: articleTitle,
    page: 1,
    pageSize: 10,
  });
  expect(found.list.map((a) => a.title)).toContain(articleTitle);

  // A phone registers on the 2025 vendor page; the lead is in the table and in the CSV.
  const mobile = uniquePhone();
  const meet = await apiPost<{ name: string }>(request, 'vendor_meet', { meet_id: 1 });
  await apiPost(request, 'vendor_register', {
    name: '线索来宾',
    mobile,
    email: `v${mobile}@example.com`,
    company: '示例公司',
    department: '市场部',
    position: '经理',
    meetName: meet.name,
    meet_id: 1,
    question: '[]',
  });
  await page.goto('/admin/leads?source=vendor&id=1');
  // The table shows the phone masked; the row's own button reveals it (an audited look).
  const lead = page.locator('tr', { hasText: `v${mobile}@example.com` });
  const phone = lead.locator('.masked-phone');
  await expect(phone).toHaveText(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
  await lead.getByRole('button', { name: /查看手机号/ }).click();
  await expect(phone).toHaveText(mobile);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /导出 CSV/ }).click();
  const csv = readFileSync((await (await download).path())!);
  expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = csv.toString('utf8');
  expect(text).toContain('姓名,手机号');
  expect(text).toContain(mobile);
});
