import { xmlText } from '@portal/api-client/xml-text';
import { MOBILE_ALTERNATE_MEDIA } from '@portal/routes';

/**
 * The sitemap protocol (sitemaps.org 0.9) as the portal writes it: a sitemap index, and url sets
 * of at most URLS_PER_FILE entries, each with its lastmod and, where the phone page has another
 * URL, its mobile alternate (the annotation Google and Baidu document for separate mobile URLs).
 */

/** The protocol's limit of URLs in one file. */
export const URLS_PER_FILE = 50_000;

export const SITEMAP_CONTENT_TYPE = 'application/xml; charset=utf-8';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** W3C datetime in UTC, to the second ("2026-11-26T02:20:00Z"), as sitemaps.org's lastmod takes it. */
export function lastmodOf(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface SitemapUrl {
  /** Absolute URL of the (desktop) page. */
  loc: string;
  /** Epoch ms of the last change, when known. */
  lastmod?: number;
  /** Absolute URL of the phone page with the same content, when it is another URL. */
  mobile?: string;
}

const URLSET_OPEN = `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n`;
const URLSET_CLOSE = '</urlset>\n';

/** One `<url>` entry (a line of its own, so a url set can be written as a stream of lines). */
export function urlEntry(url: SitemapUrl): string {
  const parts = [`<url><loc>${xmlText(url.loc)}</loc>`];
  if (url.lastmod !== undefined) parts.push(`<lastmod>${lastmodOf(url.lastmod)}</lastmod>`);
  if (url.mobile && url.mobile !== url.loc) {
    parts.push(
      `<xhtml:link rel="alternate" media="${xmlText(MOBILE_ALTERNATE_MEDIA)}" href="${xmlText(url.mobile)}"/>`,
    );
  }
  parts.push('</url>\n');
  return parts.join('');
}

interface SitemapRef {
  loc: string;
  lastmod?: number;
}

/** The sitemap index: one `<sitemap>` per child file (at most 50,000, far more than a portal needs). */
export function sitemapIndex(files: readonly SitemapRef[]): string {
  const entries = files.map(
    (f) =>
      `<sitemap><loc>${xmlText(f.loc)}</loc>${f.lastmod !== undefined ? `<lastmod>${lastmodOf(f.lastmod)}</lastmod>` : ''}</sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

/**
 * A url set as a stream of text chunks: the opening, then each page of entries as the source
 * yields it (a page of database rows at a time), then the closing. Memory holds one page.
 */
export async function* urlsetChunks(pages: AsyncIterable<readonly SitemapUrl[]>): AsyncGenerator<string> {
  yield URLSET_OPEN;
  for await (const page of pages) {
    if (page.length > 0) yield page.map(urlEntry).join('');
  }
  yield URLSET_CLOSE;
}
