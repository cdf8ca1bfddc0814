import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall } from './api';

/** Share tags (WeChat, QQ and other apps read og:*) on the mobile site and the landing pages, as on desktop. */

async function ogTags(request: APIRequestContext, path: string, vw: number): Promise<Record<string, string>> {
  const res = await request.get(path, { headers: { cookie: `vw=${vw}` }, maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  const tags: Record<string, string> = {};
  for (const m of html.matchAll(/<meta property="(og:[a-z_:]+)" content="([^"]*)"/g)) tags[m[1]] = m[2];
  return tags;
}

// Pure HTTP checks: once is enough.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'phone', 'runs once'));

test('articles at both widths, home and the landing pages carry og:title, og:description, og:url and a raster og:image', async ({
  request,
  baseURL,
}) => {
  const article = await apiCall<{ cat_alias: string; title: string; thumb: string }>(
    request,
    'article_content',
    { id: 12 },
    'POST',
  );
  const pages: [string, number][] = [
    [`/${article.cat_alias}/news/12`, 390],
    [`/${article.cat_alias}/12`, 1280],
    ['/', 390],
    ['/vendor', 390],
    ['/partner/demo1', 390],
    ['/activity/register?id=1', 390],
  ];
  for (const [path, vw] of pages) {
    const og = await ogTags(request, path, vw);
    for (const key of ['og:title', 'og:description', 'og:url'])
      expect(og[key], `${path} ${key}`).toBeTruthy();
    expect(og['og:url'], path).toMatch(new RegExp(`^${baseURL}/`));
    // Every card has a picture WeChat can show: a JPEG or PNG that is really served.
    expect(og['og:image'], `${path} og:image`).toMatch(/^https?:\/\/[^?#]+\.(?:jpe?g|png|gif)(?:[?#]|$)/i);
    const picture = await request.get(og['og:image']!);
    expect(picture.status(), og['og:image']).toBe(200);
    expect(picture.headers()['content-type'], og['og:image']).toMatch(/^image\/(?:jpeg|png|gif)/);
  }
  const og = await ogTags(request, `/${article.cat_alias}/news/12`, 390);
  expect(og['og:type']).toBe('article');
});
