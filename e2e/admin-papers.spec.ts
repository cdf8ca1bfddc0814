import { expect, test, type APIRequestContext } from '@playwright/test';
import { CSRF_HEADER } from '@portal/api-client/admin';
import { RESOURCES } from '@portal/api-client/admin-resources';
import { PaperAccess } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/messages';
import { RESOURCE_PREVIEWS, href, previewPath, type ResourcePreview } from '@portal/routes';
import { accessToken, apiPost } from './api';
import { admin, serverDataDir, uniqueName } from './member-helpers';

/**
 * Issue 23 items 1 and 13 against the running gateway: a white paper created paid through
 * /admin/api/white-papers is gated on the desktop and phone pages and its file is not served to a
 * visitor, one created free is open; every back-office preview link is a page the gateway serves.
 */

const PASSWORD = 'papers-e2e-2026';
const SEEN = { timeout: 15_000 };
type Paper = { id: number; title: string; is_free: number; url: string };

/** A new editor's session in `request` (cookie kept by the context); returns its CSRF token. */
async function editorSession(request: APIRequestContext): Promise<string> {
  const username = uniqueName('papers');
  await admin(serverDataDir(), 'editor', 'add', username, '--role', 'editor', '--password', PASSWORD);
  const res = await request.post('/admin/api/session', { data: { username, password: PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

async function createPaper(request: APIRequestContext, csrf: string, body: Record<string, unknown>) {
  const res = await request.post('/admin/api/white-papers', { data: body, headers: { [CSRF_HEADER]: csrf } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; url: string };
}

test('a paper created paid is gated, one created free is open, on this width', async ({
  page,
  request,
  isMobile,
}) => {
  const csrf = await editorSession(request);
  // A PDF uploaded in the back office goes to the private tree.
  const upload = await request.post('/admin/api/media', {
    headers: { [CSRF_HEADER]: csrf },
    multipart: {
      file: {
        name: 'paid.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(`%PDF-1.4\n% paid\n${'x'.repeat(300)}\n%%EOF\n`, 'latin1'),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const file = ((await upload.json()) as { url: string }).url;
  const freeFile = (await apiPost<Paper[]>(request, 'doc_ls_fronted', { page: 1, pageSize: 50 })).find(
    (p) => p.is_free === PaperAccess.Free,
  )?.url;
  expect(freeFile, 'a seeded free paper').toMatch(/^\/uploads\/.*\.pdf$/);

  const tag = uniqueName('wp');
  const paid = await createPaper(request, csrf, {
    title: `会员白皮书${tag}`,
    url: file,
    is_free: PaperAccess.Paid,
  });
  const free = await createPaper(request, csrf, {
    title: `免费白皮书${tag}`,
    url: freeFile,
    is_free: PaperAccess.Free,
  });

  // The visitor gets neither the private file nor the member call's bytes.
  expect((await request.get(file)).status()).toBe(404);
  const member = await request.post('/api/white_paper_file', {
    data: { id: paid.id },
    headers: { authorization: `Bearer ${await accessToken(request)}` },
  });
  expect(await member.text()).not.toContain('%PDF');
  expect((await request.get(freeFile!)).headers()['content-type']).toBe('application/pdf');

  if (isMobile) {
    // The phone home's 白皮书 tab: the paid card names the viewer and asks a visitor to log in.
    await page.goto('/?tag=2');
    const card = page.locator('a.m-paper', { hasText: `会员白皮书${tag}` });
    await expect(card).toHaveAttribute('href', href.whitePaper(paid.id), SEEN);
    await expect(card.locator('.m-paper__badge')).toHaveText('会员专享');
    await card.click();
    await expect(page.locator('.m-notice')).toContainText(MSG.loginFirst);
    await expect(page).toHaveURL(/\/\?tag=2$/);
    const open = page.locator('a.m-paper', { hasText: `免费白皮书${tag}` });
    await expect(open).toHaveAttribute('href', freeFile!);
    await expect(open.locator('.m-paper__badge')).toHaveText('免费下载');
  } else {
    await page.goto('/white_pager');
    const card = page.locator('.paper-card', { hasText: `会员白皮书${tag}` });
    await expect(card).toBeVisible(SEEN);
    await card.click();
    await expect(page.locator('.toast')).toHaveText(MSG.loginFirst);
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(href.whitePaper(free.id));
    await expect(page.locator('h1')).toHaveText(`免费白皮书${tag}`);
    await expect(page.getByRole('link', { name: '下载PDF' })).toHaveAttribute('href', freeFile!);
  }
});

test('every back-office preview is a page the gateway serves', async ({ request, isMobile }) => {
  test.skip(isMobile, 'the back office is used on a desktop screen');
  await editorSession(request);
  for (const [kind, preview] of Object.entries(RESOURCE_PREVIEWS) as [
    keyof typeof RESOURCES,
    ResourcePreview,
  ][]) {
    let key: string | null = null;
    if ('record' in preview) {
      // A record's page: the first seeded record of the kind.
      const list = await request.get(`/admin/api/${kind}?pageSize=1`);
      expect(list.status(), kind).toBe(200);
      const [record] = ((await list.json()) as { items: Record<string, unknown>[] }).items;
      expect(record, `a seeded record of ${kind}`).toBeDefined();
      key = String(record[RESOURCES[kind].idField]);
    }
    const path = previewPath(kind, key);
    expect(path, kind).not.toBeNull();
    for (const width of [1280, 390]) {
      const res = await request.get(path!, { headers: { cookie: `vw=${width}` } });
      expect(res.status(), `${kind}: ${path} at ${width}px`).toBe(200);
    }
  }
});
