import { data } from 'react-router';
import type { Api, ListItem, Seo, TopicDetail } from '@portal/api-client';
import { MAX_PAGE, SITE_NAME } from '@portal/api-client/constants';
import { settle } from '@portal/api-client/envelope';
import { unwrapPage } from '@portal/api-client/route-envelope';

/**
 * A topic's page (/topic/{id}), the logic both sites share: the desktop pages it with a pager,
 * the phone appends pages to an endless list. Only the markup lives in the apps.
 */

/** The topic itself, without its articles. */
export type TopicHead = Omit<TopicDetail, 'list'>;

export interface TopicPage {
  topic: TopicHead;
  /** The articles of `page`. */
  items: ListItem[];
  /** All the topic's articles. */
  total: number;
  page: number;
  pageSize: number;
}

const notFound = (): never => {
  throw data(null, { status: 404, statusText: 'Not Found' });
};

/** The topic id of the route's `:id`: digits only, positive; anything else is the 404 page. */
export function topicIdOf(raw: string | undefined): number {
  if (!raw || !/^\d{1,9}$/.test(raw) || Number(raw) <= 0) notFound();
  return Number(raw);
}

/** ?page=N (1 when absent or malformed, so a bad link still shows the topic). */
export function topicPageOf(params: URLSearchParams): number {
  const raw = params.get('page')?.trim() ?? '';
  const page = /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/**
 * One page of a published topic. An unknown or unpublished topic answers the 404 page, as does
 * a page past the last one (a stale link, never an empty shell).
 */
export async function loadTopicPage(
  api: Api,
  rawId: string | undefined,
  search: URLSearchParams,
  pageSize: number,
): Promise<TopicPage> {
  const id = topicIdOf(rawId);
  const page = topicPageOf(search);
  const res = await settle(api.topic_detail({ id, page, pageSize }));
  const { items: detail, total } = unwrapPage('topic_detail', res);
  if (page > 1 && detail.list.length === 0) notFound();
  const { list, ...topic } = detail;
  return { topic, items: list, total, page, pageSize };
}

/** Title, description and keywords of a topic's page, the same on both sites. */
export function topicSeo(topic: TopicHead, page = 1): Seo {
  const nth = page > 1 ? `_第${page}页` : '';
  return {
    title: `${topic.title}${nth}-专题-${SITE_NAME}`,
    description: topic.description || `${topic.title}：${SITE_NAME}专题报道，汇集相关新闻与深度文章。`,
    keyword: `${topic.title},专题`,
  };
}
