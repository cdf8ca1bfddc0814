import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiCall } from './api';

/**
 * Baidu's mobile adaptation (DESIGN.md section 10): applicable-device on every page, mobile-agent
 * on desktop pages with a phone equivalent, no-transform in the header and the head, and the time
 * factor (pubDate / upDate) beside the article's NewsArticle. The e2e gateway has one host
 * (PUBLIC_ORIGIN = baseURL), so a phone URL is PUBLIC_ORIGIN + the phone path.
 */

// Pure HTTP checks: once is enough.
// eslint-disable-next-line no-empty-pattern
test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'runs once'));

interface Page {
  html: string;
  head: string;
  cacheControl: string;
}

async function page(request: APIRequestContext, path: string, vw: number): Promise<Page> {
  const res = await request.get(path, { headers: { cookie: `vw=${vw}` }, maxRedirects: 0 });
  expect(res.status(), path).toBe(200);
  const html = await res.text();
  return {
    html,
    head: html.slice(0, html.indexOf('</head>')),
    cacheControl: res.headers()['cache-control'] ?? '',
  };
}

const metaContent = (head: string, name: string) =>
  [...head.matchAll(new RegExp(`<meta name="${name}" content="([^"]*)"`, 'g'))].map((m) => m[1]);

function expectNoTransform(p: Page, path: string) {
  expect(p.cacheControl, path).toContain('no-transform');
  expect(p.head, path).toContain('<meta http-equiv="Cache-Control" content="no-transform"/>');
  expect(p.head, path).toContain('<meta http-equiv="Cache-Control" content="no-siteapp"/>');
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

test('desktop article: mobile-agent with its phone URL, pc, no-transform, pubDate and upDate', async ({
  request,
  baseURL,
}) => {
  const article = await apiCall<{ cat_alias: string; created_at: string; updated_at: string }>(
    request,
    'article_content',
    { id: 12 },
    'POST',
  );
  expect(article.cat_alias).not.toBe('');
  const phone = `${baseURL}/${article.cat_alias}/news/12`;
  for (const path of ['/news/12', `/${article.cat_alias}/12`]) {
    const p = await page(request, path, 1280);
    expect(metaContent(p.head, 'mobile-agent'), path).toEqual([`format=html5;url=${phone}`]);
    expect(metaContent(p.head, 'applicable-device'), path).toEqual(['pc']);
    expectNoTransform(p, path);
  }

  const ld = jsonLd((await page(request, '/news/12', 1280)).html);
  const news = ld.find((d) => d['@type'] === 'NewsArticle');
  const baidu = ld.find((d) => d['@context'] === 'https://ziyuan.baidu.com/contexts/cambrian.jsonld');
  // Baidu's format: Beijing local time, no offset; NewsArticle keeps ISO 8601 with +08:00.
  const local = (t: string) => `${t.replace(' ', 'T')}:00`.slice(0, 19);
  expect(baidu).toMatchObject({ pubDate: local(article.created_at), upDate: local(article.updated_at) });
  expect(String(baidu?.pubDate)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  expect(news).toMatchObject({
    datePublished: `${local(article.created_at)}+08:00`,
    dateModified: `${local(article.updated_at)}+08:00`,
  });
});

test('desktop pages without a phone equivalent carry no mobile-agent', async ({ request }) => {
  for (const path of ['/about', '/it_report', '/']) {
    const p = await page(request, path, 1280);
    // "/" is served by width at this one address: it is not its own phone version.
    expect(metaContent(p.head, 'mobile-agent'), path).toEqual([]);
    expect(metaContent(p.head, 'applicable-device'), path).toEqual(['pc']);
    expectNoTransform(p, path);
  }
  const video = await page(request, '/video', 1280);
  expect(metaContent(video.head, 'mobile-agent')[0]).toMatch(/^format=html5;url=http:\/\/[^/]+\/video_List$/);
});

test('phone pages carry applicable-device mobile, landing pages pc,mobile; neither a mobile-agent', async ({
  request,
}) => {
  const article = await apiCall<{ cat_alias: string }>(request, 'article_content', { id: 12 }, 'POST');
  for (const [path, vw, device] of [
    [`/${article.cat_alias}/news/12`, 390, 'mobile'],
    ['/', 390, 'mobile'],
    ['/vendor', 1280, 'pc,mobile'],
  ] as const) {
    const p = await page(request, path, vw);
    expect(metaContent(p.head, 'applicable-device'), path).toEqual([device]);
    expect(metaContent(p.head, 'mobile-agent'), path).toEqual([]);
    expectNoTransform(p, path);
  }
  const ld = jsonLd((await page(request, `/${article.cat_alias}/news/12`, 390)).html);
  expect(ld.find((d) => 'pubDate' in d)).toMatchObject({
    pubDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
    upDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
  });
});
