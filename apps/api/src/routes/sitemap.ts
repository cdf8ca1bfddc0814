import { createHash } from 'node:crypto';
import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { SITEMAP_INDEX_PATH, SITEMAPS_PREFIX, href, mobileEquivalent } from '@portal/routes';
import type { ApiConfig } from '../config';
import { SITEMAP_CONTENT_TYPE, sitemapIndex, urlsetChunks, type SitemapUrl } from '../lib/sitemap';
import { articleUrl, mobileArticleUrl } from '../repositories/mappers';
import { listJobs } from '../repositories/site';
import { sitemapArticles, sitemapParts, sitemapVideos, type SitemapPart } from '../repositories/sitemap';

/** Desktop pages that are not articles, videos or jobs (sections and fixed pages). */
const SECTION_PATHS = [
  href.home(),
  href.videos(),
  href.whitePapers(),
  href.itReport(),
  href.activity(),
  href.recruit(),
  href.about(),
  href.privacy(),
];
const PAGES_FILE = 'pages.xml';
const ARTICLES_FILE = /^articles-(\d{1,9})\.xml$/;
/** Rows read per query while a file streams. */
const ROW_BATCH = 2000;
/** Crawlers and nginx may keep a sitemap this long; the ETag answers their revalidation with 304. */
const MAX_AGE_S = 300;
/** The file list is counted again at most this often (a change drops it at once, ContentChanges). */
const PARTS_TTL_MS = 60_000;

export interface SitemapOptions {
  config: ApiConfig;
  /** Rows read per query (tests make it small to cross page boundaries). */
  batch?: number;
}

/**
 * The sitemaps (GET /sitemap.xml and /sitemaps/*.xml): an index of the pages file and one file
 * per id range of published articles. Files are streamed a page of rows at a time; the index and
 * each file carry an ETag made from what they list (counts and lastmods), so a crawler's
 * revalidation costs no scan.
 */
export default async function sitemapRoutes(app: FastifyInstance, opts: SitemapOptions) {
  const { publicOrigins, sitemapUrlsPerFile: size } = opts.config;
  const batch = opts.batch ?? ROW_BATCH;
  const desktop = (path: string) => `${publicOrigins.desktop}${path}`;
  const mobile = (path: string | undefined) => (path ? `${publicOrigins.mobile}${path}` : undefined);

  let parts: { at: number; value: Promise<SitemapPart[]> } | null = null;
  app.contentChanges.onChange(() => (parts = null));
  const currentParts = () => {
    if (!parts || Date.now() - parts.at > PARTS_TTL_MS) {
      const value = sitemapParts(app.readDb, size);
      parts = { at: Date.now(), value };
      value.catch(() => (parts = null));
    }
    return parts.value;
  };
  const newest = (list: SitemapPart[]) => list.reduce((max, p) => Math.max(max, p.lastmod), 0);

  /** Sends 304 when the client holds this version; sets the validators otherwise. */
  const fresh = (request: FastifyRequest, reply: FastifyReply, version: unknown): boolean => {
    // Weak: the same version is sent gzipped or not.
    const etag = `W/"${createHash('sha1')
      .update(JSON.stringify([publicOrigins, size, version]))
      .digest('base64url')}"`;
    reply
      .header('etag', etag)
      .header('cache-control', `public, max-age=${MAX_AGE_S}`)
      .header('vary', 'Accept-Encoding')
      .type(SITEMAP_CONTENT_TYPE);
    const held = request.headers['if-none-match'];
    return typeof held === 'string' && held.split(',').some((tag) => tag.trim() === etag);
  };
  const notFound = (reply: FastifyReply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not Found');

  app.get(SITEMAP_INDEX_PATH, async (request, reply) => {
    const list = await currentParts();
    if (fresh(request, reply, list)) return reply.code(304).send();
    return reply.send(
      sitemapIndex([
        { loc: desktop(`${SITEMAPS_PREFIX}/${PAGES_FILE}`), lastmod: newest(list) || undefined },
        ...list.map((p) => ({
          loc: desktop(`${SITEMAPS_PREFIX}/articles-${p.part}.xml`),
          lastmod: p.lastmod,
        })),
      ]),
    );
  });

  app.get<{ Params: { file: string } }>(`${SITEMAPS_PREFIX}/:file`, async (request, reply) => {
    const { file } = request.params;
    if (file === PAGES_FILE) {
      const [list, videos, jobs] = await Promise.all([
        currentParts(),
        sitemapVideos(app.readDb),
        listJobs(app.readDb),
      ]);
      if (fresh(request, reply, [newest(list), videos, jobs.length])) return reply.code(304).send();
      const page = (path: string, lastmod?: number): SitemapUrl => ({
        loc: desktop(path),
        lastmod,
        mobile: mobile(mobileEquivalent(path)),
      });
      const urls: SitemapUrl[] = [
        ...SECTION_PATHS.map((path) =>
          page(path, path === href.home() ? newest(list) || undefined : undefined),
        ),
        ...CATEGORY_PAGES.map((c) => page(href.category(c.alias))),
        ...videos.map((v) => page(href.video(v.id), v.created_at)),
        ...jobs.map((_, i) => page(href.job(i))),
      ];
      return sendXml(request, reply, urlsetChunks(once(urls)));
    }
    const match = ARTICLES_FILE.exec(file);
    if (!match) return notFound(reply);
    const number = Number(match[1]);
    const part = (await currentParts()).find((p) => p.part === number);
    if (!part) return notFound(reply);
    if (fresh(request, reply, part)) return reply.code(304).send();
    const pages = mapPages(sitemapArticles(app.readDb, number, size, batch), (a) => ({
      loc: desktop(articleUrl(a.id, a.cat_id)),
      lastmod: a.lastmod,
      mobile: mobile(mobileArticleUrl(a.id, a.cat_id)),
    }));
    return sendXml(request, reply, urlsetChunks(pages));
  });
}

/**
 * A url set as it is written, gzipped when the crawler accepts it (a full file is about 10 MB of
 * text; the API compresses it itself because in-process it answers on the gateway's socket).
 */
function sendXml(request: FastifyRequest, reply: FastifyReply, chunks: AsyncIterable<string>) {
  const body = Readable.from(chunks, { objectMode: false });
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(body);
  reply.header('content-encoding', 'gzip');
  return reply.send(pipeline(body, createGzip(), () => {}));
}

async function* once<T>(items: readonly T[]): AsyncGenerator<readonly T[]> {
  yield items;
}

async function* mapPages<T, U>(pages: AsyncIterable<T[]>, map: (item: T) => U): AsyncGenerator<U[]> {
  for await (const page of pages) yield page.map(map);
}
