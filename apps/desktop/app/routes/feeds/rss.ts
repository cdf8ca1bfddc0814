import { MAX_PAGE_SIZE, CATEGORY_PAGES } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/rss';
import { SITE_NAME } from '@portal/api-client/constants';
import { rss, xmlResponse } from '../../features/feeds/xml.server';
import { isOk, settle } from '@portal/api-client/envelope';
import { href } from '@portal/routes';
import { MSG } from '@portal/api-client/messages';

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8' };

/** Articles per feed. */
const FEED_SIZE = 30;

/** /rss.xml (newest articles of every category) and /rss/{alias}.xml (one category). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const file = params.file;
  const cat = file === undefined ? undefined : CATEGORY_PAGES.find((c) => `${c.alias}.xml` === file);
  // Refusals a reader may see are Chinese text, like the gateway's (found by the page fuzz suite).
  if (file !== undefined && !cat) return new Response('您访问的订阅源不存在', { status: 404, headers: TEXT });
  const res = await settle(
    serverApi(context).cate_list({
      cat_id: cat?.id ?? 0,
      page: 1,
      pageSize: Math.min(FEED_SIZE, MAX_PAGE_SIZE),
    }),
  );
  if (!isOk(res))
    return new Response(MSG.serviceUnavailable, {
      status: 503,
      headers: { ...TEXT, 'Retry-After': '30' },
    });
  const channel = cat
    ? {
        title: `${cat.name}-${SITE_NAME}`,
        link: new URL(href.category(cat.alias), url).href,
        description: `${SITE_NAME}${cat.name}频道最新文章`,
      }
    : {
        title: SITE_NAME,
        link: new URL(href.home(), url).href,
        description: `${SITE_NAME}最新IT产业资讯：人工智能、云计算、大数据、物联网、硬件与渠道。`,
      };
  return xmlResponse(
    rss({ ...channel, self: url.origin + url.pathname }, res.data, url.origin),
    'application/rss+xml',
  );
}
