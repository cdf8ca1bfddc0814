import { CATEGORY_PAGES, MAX_PAGE_SIZE } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/sitemap';
import { settle } from '../../features/content/lib/envelope.server';
import { isoOf as isoTime } from '@portal/ui/format';
import { xml, xmlResponse } from '../../features/feeds/xml.server';
import { isOk } from '@portal/api-client/envelope';

/** Newest articles listed (pages of MAX_PAGE_SIZE); older ones are reached through the category lists. */
const ARTICLE_PAGES = 10;

const STATIC_PATHS = [
  '/',
  '/more?id=0',
  '/video',
  '/white_pager',
  '/it_report',
  '/activity',
  '/recruit',
  '/about',
];

/** /sitemap.xml: the sections, the twelve categories and the newest articles. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = new URL(request.url).origin;
  const api = serverApi(context);
  const pages = await Promise.all(
    Array.from({ length: ARTICLE_PAGES }, (_, i) =>
      settle(api.cate_list({ cat_id: 0, page: i + 1, pageSize: MAX_PAGE_SIZE })),
    ),
  );
  const urls: { loc: string; lastmod?: string; changefreq?: string }[] = [
    ...STATIC_PATHS.map((p) => ({ loc: p, changefreq: 'daily' })),
    ...CATEGORY_PAGES.map((c) => ({ loc: `/${c.alias}`, changefreq: 'hourly' })),
  ];
  const seen = new Set<string>();
  for (const res of pages) {
    if (!isOk(res)) continue;
    for (const item of res.data) {
      if (!item.url.startsWith('/') || seen.has(item.url)) continue;
      seen.add(item.url);
      urls.push({ loc: item.url, lastmod: isoTime(item.created_at) });
    }
  }
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) =>
        `  <url><loc>${xml(new URL(u.loc, origin).href)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}${u.changefreq ? `<changefreq>${u.changefreq}</changefreq>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  return xmlResponse(body, 'application/xml');
}
