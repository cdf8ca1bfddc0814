import { expect, type Page } from '@playwright/test';
import { admin, serverDataDir, uniqueName } from './member-helpers';

/** The back office walks of the e2e specs: a fresh admin editor, its edit pages and saves. */

const PASSWORD = 'resources-e2e-2026';

/**
 * Adds an admin editor with the CLI (with a display name when given) and signs it in through the
 * login page, landing on `path`.
 */
export async function signInEditor(page: Page, path: string, displayName?: string) {
  const username = uniqueName('ops');
  const name = displayName ? ['--name', displayName] : [];
  await admin(serverDataDir(), 'editor', 'add', username, '--role', 'admin', '--password', PASSWORD, ...name);
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?next=/, { timeout: 30_000 });
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`), { timeout: 30_000 });
}

/** Opens a record's edit page in the back office. */
export async function edit(page: Page, kind: string, id: string | number) {
  await page.goto(`/admin/${kind}/${encodeURIComponent(String(id))}`);
  await expect(page.getByRole('button', { name: /保\s*存/ })).toBeVisible({ timeout: 30_000 });
}

/** Saves the open form and returns the API's answer (which must succeed). */
export async function save(page: Page): Promise<unknown> {
  // Not an edit page's presence heartbeat (a POST every 15 s) that happens to come first.
  const answer = page.waitForResponse(
    (r) => /\/admin\/api\/(?!presence$)/.test(r.url()) && ['POST', 'PUT'].includes(r.request().method()),
  );
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const res = await answer;
  expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
  return res.json();
}
