import { useCallback } from 'react';
import { useLoaderData } from 'react-router';
import { PAGE_SIZE } from '@portal/api-client/constants';
import { seoMeta } from '@portal/ui';
import { loadTopicPage, topicSeo } from '@portal/ui/topic';
import type { Route } from './+types/topic';
import { publicOrigin, serverApi } from '@portal/api-client/server';
import { call } from '../../lib/browser-api';
import { BackButton } from '../../features/article/BackButton';
import { EndlessNewsList } from '../../features/news/EndlessNewsList';
import { TopicHead } from '../../features/topic/TopicHead';
import { href } from '@portal/routes';

/** /topic/{id}: a topic's cover, title and description, then its articles as an endless list. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  // The phone always starts at page 1 and appends the next ones (a ?page of the desktop pager is ignored).
  const page = await loadTopicPage(serverApi(context), params.id, new URLSearchParams(), PAGE_SIZE.homeFall);
  // The desktop page is the canonical one (as for articles).
  return { ...page, origin: publicOrigin(context, request, 'desktop') };
}

export const meta: Route.MetaFunction = ({ data: loaded }) =>
  loaded
    ? seoMeta(
        topicSeo(loaded.topic),
        new URL(href.topic(loaded.topic.id), loaded.origin).href,
        loaded.topic.thumb || undefined,
      )
    : [];

export default function Topic() {
  const { topic, items, total, pageSize } = useLoaderData<typeof loader>();
  const loadPage = useCallback(
    (page: number) => call((api) => api.topic_detail({ id: topic.id, page, pageSize })).then((d) => d.list),
    [topic.id, pageSize],
  );
  return (
    <main className="m-page m-topic">
      <div className="m-subbar">
        <BackButton />
        <span className="m-subbar__title">专题</span>
      </div>
      <TopicHead topic={topic} total={total} />
      <h2 className="m-topic__list-title">专题文章</h2>
      <EndlessNewsList
        key={topic.id}
        cacheKey={`topic:${topic.id}`}
        initialItems={items}
        loadPage={loadPage}
        pageSize={pageSize}
      />
    </main>
  );
}
