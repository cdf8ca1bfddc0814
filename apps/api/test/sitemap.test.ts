import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewsStatus } from '@portal/api-client/constants';
import { mobileEquivalent } from '@portal/routes';
import { lastmodOf, sitemapIndex, urlEntry } from '../src/lib/sitemap';
import { articleUrl, mobileArticleUrl } from '../src/repositories/mappers';
import { sitemapArticles } from '../src/repositories/sitemap';
import { ARTICLES, PUBLISHED, insertFixtures } from './fixtures';
import { DIALECTS, startTestApp, type TestApp } from './helpers';

const DESKTOP = 'https://www.example.com';
const MOBILE = 'https://m.example.com';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
const entries = (xml: string) => [...xml.matchAll(/<url>.*?<\/url>/g)].map((m) => m[0]);

describe('sitemap XML', () => {
  it('writes lastmod as a W3C datetime in UTC, to the second', () => {
    expect(lastmodOf(Date.UTC(2026, 10, 26, 2, 20, 5, 987))).toBe('2026-11-26T02:20:05Z');
  });
  it('escapes locations and alternates, and drops an alternate that is the page itself', () => {
    const entry = urlEntry({
      loc: `${DESKTOP}/videoc?id=1&x=<"'>`,
      lastmod: 0,
      mobile: `${MOBILE}/video_detail?id=1&x=2`,
    });
    expect(entry).toBe(
      `<url><loc>${DESKTOP}/videoc?id=1&amp;x=&lt;&quot;&apos;&gt;</loc><lastmod>1970-01-01T00:00:00Z</lastmod>` +
        `<xhtml:link rel="alternate" media="only screen and (max-width: 959px)" href="${MOBILE}/video_detail?id=1&amp;x=2"/></url>\n`,
    );
    expect(urlEntry({ loc: `${DESKTOP}/`, mobile: `${DESKTOP}/` })).toBe(
      `<url><loc>${DESKTOP}/</loc></url>\n`,
    );
    expect(sitemapIndex([{ loc: `${DESKTOP}/sitemaps/a&b.xml` }])).toContain(
      '<sitemap><loc>https://www.example.com/sitemaps/a&amp;b.xml</loc></sitemap>',
    );
  });
  it("gives each article the phone page the route table's width redirect names", () => {
    for (const a of ARTICLES) {
      const equivalent = mobileEquivalent(articleUrl(a.id, a.cat_id));
      // /news/{id} (no category page) is looked up by the gateway; it lands on /new_detail.
      expect(mobileArticleUrl(a.id, a.cat_id)).toBe(equivalent ?? `/new_detail?id=${a.id}`);
    }
  });
});

describe.each(DIALECTS)('sitemaps on %s', (dialect) => {
  let t: TestApp;
  const SIZE = 5;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database), {
      publicOrigins: { desktop: DESKTOP, mobile: MOBILE },
      sitemapUrlsPerFile: SIZE,
    });
  });
  afterAll(async () => t?.close());
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url, headers });

  it('indexes the pages file and one file per id range, every published article once, at most SIZE per file', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index.body);
    expect(files[0]).toBe(`${DESKTOP}/sitemaps/pages.xml`);
    // Ids 1..31 in ranges of 5: files 0..6.
    expect(files.slice(1)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => `${DESKTOP}/sitemaps/articles-${n}.xml`));
    expect(index.body.match(/<lastmod>/g)).toHaveLength(files.length);

    const listed: string[] = [];
    for (const file of files.slice(1)) {
      const res = await get(new URL(file).pathname);
      expect(res.statusCode).toBe(200);
      expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset ')).toBe(true);
      expect(res.body.endsWith('</urlset>\n')).toBe(true);
      const urls = entries(res.body);
      expect(urls.length).toBeGreaterThan(0);
      expect(urls.length).toBeLessThanOrEqual(SIZE);
      for (const url of urls) expect(url).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/);
      listed.push(...locs(res.body));
    }
    expect(listed).toEqual(PUBLISHED.map((a) => `${DESKTOP}${articleUrl(a.id, a.cat_id)}`));
    expect(listed.join()).not.toContain('/29'); // the draft
  });

  it('names the phone page of each article on the mobile origin', async () => {
    const a = PUBLISHED.find((p) => p.id === 25)!;
    const res = await get('/sitemaps/articles-5.xml');
    expect(res.body).toContain(
      `<url><loc>${DESKTOP}${articleUrl(25, a.cat_id)}</loc><lastmod>${lastmodOf(a.created_at)}</lastmod>` +
        `<xhtml:link rel="alternate" media="only screen and (max-width: 959px)" href="${MOBILE}${mobileArticleUrl(25, a.cat_id)}"/></url>`,
    );
  });

  it('lists the sections, categories and videos with their phone pages', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    const pages = locs(res.body);
    expect(pages).toContain(`${DESKTOP}/`);
    expect(pages).toContain(`${DESKTOP}/AI`);
    expect(res.body).toContain(
      `<loc>${DESKTOP}/video</loc><xhtml:link rel="alternate" media="only screen and (max-width: 959px)" href="${MOBILE}/video_List"/>`,
    );
    expect(res.body).toMatch(
      /<loc>https:\/\/www\.example\.com\/videoc\?id=\d+<\/loc><lastmod>[^<]+<\/lastmod><xhtml:link [^>]*href="https:\/\/m\.example\.com\/video_detail\?id=\d+"/,
    );
    // The home page is shared, but on another host for phones.
    expect(res.body).toContain(`<loc>${DESKTOP}/</loc>`);
    expect(res.body).toContain(`href="${MOBILE}/"`);
  });

  it('answers a revalidation with 304, and gzips when asked', async () => {
    const first = await get('/sitemaps/articles-1.xml');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toContain('max-age=');
    const again = await get('/sitemaps/articles-1.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const index = await get('/sitemap.xml');
    expect((await get('/sitemap.xml', { 'if-none-match': String(index.headers.etag) })).statusCode).toBe(304);
    const gz = await t.inject({
      method: 'GET',
      url: '/sitemaps/articles-1.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(first.body);
  });

  it('changes a file and the index when an article in it is published', async () => {
    const before = await get('/sitemaps/articles-5.xml');
    const beforeIndex = await get('/sitemap.xml');
    await t.app.database.db
      .updateTable('articles')
      .set({ status: NewsStatus.Published, updated_at: Date.UTC(2026, 0, 1) })
      .where('id', '=', 29)
      .execute();
    await t.app.contentChanges.announce();
    const after = await get('/sitemaps/articles-5.xml', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(locs(after.body)).toHaveLength(5);
    expect(after.body).toContain('<lastmod>2026-01-01T00:00:00Z</lastmod>');
    expect((await get('/sitemap.xml')).headers.etag).not.toBe(beforeIndex.headers.etag);
  });

  it('reads a file in pages along the key, whatever the page size', async () => {
    const pages: number[][] = [];
    for await (const page of sitemapArticles(t.app.database, 0, SIZE, 2)) pages.push(page.map((a) => a.id));
    expect(pages).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it.each([
    '/sitemaps/articles-99.xml',
    '/sitemaps/nope.xml',
    '/sitemaps/articles-1.xml.gz',
    '/sitemaps/articles--1.xml',
  ])('%s is a 404', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });
});
