import { expect, test, type Page } from '@playwright/test';
import { apiCall } from './api';

/**
 * The pages' Content-Security-Policy (apps/gateway/src/security-headers.ts) blocks nothing the
 * portal itself needs: reading pages at the project's width hydrate (the inline scripts carry the
 * request's nonce) and no `securitypolicyviolation` event fires, nor a CSP console error.
 */

interface Item {
  id: number;
  url: string;
}
interface Video {
  id: number;
  video_type: 1 | 2;
}

/** Collects CSP violations of every document the page loads (the listener is installed before any script). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

test('reading pages run under the CSP without a violation and hydrate', async ({
  page,
  request,
  context,
  baseURL,
  isMobile,
}) => {
  const url = baseURL ?? 'http://127.0.0.1:8091';
  await context.addCookies([
    { name: 'vw', value: isMobile ? '390' : '1280', url },
    { name: 'cookie_consent', value: 'allow', url },
  ]);
  const violations = await watchCsp(page);
  const latest = await apiCall<Item[]>(request, 'cate_list', { cat_id: 694, page: 1, pageSize: 1 }, 'POST');
  const top = await apiCall<Video[]>(request, 'get_schoolTop', {}, 'POST');
  const grid = await apiCall<Video[]>(request, 'get_school', { cat_id: 43, page: 1, pageSize: 30 }, 'POST');
  const framed = [...top, ...grid].find((v) => v.video_type === 1);
  const paths = [
    '/',
    latest[0]!.url,
    isMobile ? '/new_search?keyword=云' : '/search?keyword=云',
    isMobile ? `/video_detail?id=${framed?.id}` : `/videoc?id=${framed?.id}`,
    '/login',
    '/vendor',
  ];
  for (const path of paths) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    const csp = (await res!.allHeaders())['content-security-policy'] ?? '';
    expect(csp, path).toContain("'nonce-");
    // Hydrated: React Router's client router took over the document (its inline module script ran).
    await expect
      .poll(() => page.evaluate(() => '__reactRouterDataRouter' in window), { message: path })
      .toBe(true);
    expect(await violations(), path).toEqual([]);
  }
});
