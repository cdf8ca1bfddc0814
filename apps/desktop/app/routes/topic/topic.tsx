import { useLocation } from 'react-router';
import { PAGE_SIZE } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import { Pagination, seoMeta } from '@portal/ui';
import { loadTopicPage, topicSeo } from '@portal/ui/topic';
import type { Route } from './+types/topic';
import { ArticleRows } from '../../features/content/components/ArticleRows';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { InnerSidebar, useAds } from '../../features/content/components/InnerSidebar';
import { AdSlot } from '../../features/home/components/AdSlot';
import { withPage } from '../../features/content/lib/query';
import { absolute } from '../../features/content/lib/seo.server';
import { loadInnerSidebar } from '../../features/content/lib/sidebar.server';
import { contentStyles } from '../../features/content/styles';
import { TopicHero } from '../../features/topic/TopicHero';
import { href } from '@portal/routes';

export const links: Route.LinksFunction = () => contentStyles;

/** /topic/{id}?page=N: a topic's cover, title, description and its articles, 20 a page. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const url = new URL(request.url);
  const [page, sidebar] = await Promise.all([
    loadTopicPage(api, params.id, url.searchParams, PAGE_SIZE.topic),
    loadInnerSidebar(api),
  ]);
  return {
    ...page,
    sidebar,
    seo: topicSeo(page.topic, page.page),
    canonical: absolute(request, href.topic(page.topic.id, page.page)),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta(data.seo, data.canonical, data.topic.thumb || undefined) : [];

export default function Topic({ loaderData: d }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const ads = useAds();
  return (
    <main className="page container topic">
      <Breadcrumb items={[{ label: d.topic.title }]} />
      <div className="page__body">
        <div className="page__main">
          <TopicHero topic={d.topic} total={d.total} />
          <section className="block">
            <h2 className="list-title">专题文章</h2>
            {d.items.length > 0 ? <ArticleRows items={d.items} /> : <p className="empty">暂无数据</p>}
            <Pagination
              total={d.total}
              page={d.page}
              pageSize={d.pageSize}
              hrefFor={(p) => withPage(pathname, new URLSearchParams(search), p)}
            />
          </section>
          <AdSlot ad={ads?.two} slot={2} className="article-ad" />
        </div>
        <InnerSidebar data={d.sidebar} />
      </div>
    </main>
  );
}
