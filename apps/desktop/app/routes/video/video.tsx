import { useLocation } from 'react-router';
import { PAGE_SIZE, SECTION_ID } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import { Pagination, seoMeta } from '@portal/ui';
import type { Route } from './+types/video';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { SectionTitle } from '../../features/shared/SectionTitle';
import { dataOr, settle } from '@portal/api-client/envelope';
import { unwrapPage } from '@portal/api-client/route-envelope';
import { pageParam, withPage } from '../../features/content/lib/query';
import { absolute, pageSeo } from '../../features/content/lib/seo.server';
import { contentStyles } from '../../features/content/styles';
import { VideoCarousel } from '../../features/video/components/VideoCarousel';
import { VideoGrid } from '../../features/video/components/VideoGrid';
import { href } from '@portal/routes';

export const links: Route.LinksFunction = () => contentStyles;

/** /video?page=N: the top-video carousel and the video grid, 9 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const page = pageParam(new URL(request.url).searchParams);
  const [top, list, seo] = await Promise.all([
    settle(api.get_schoolTop({})),
    settle(api.get_school({ cat_id: SECTION_ID.video, page, pageSize: PAGE_SIZE.videoDesktop })),
    pageSeo(api, 'video', '视频'),
  ]);
  const { items, total } = unwrapPage('get_school', list);
  return {
    top: dataOr('get_schoolTop', top, []),
    items,
    total,
    page,
    seo,
    canonical: absolute(request, withPage(href.videos(), new URLSearchParams(), page)),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta(data.seo, data.canonical, data.top[0]?.index_thumb) : [];

export default function Videos({ loaderData: d }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  return (
    <main className="page container">
      <Breadcrumb items={[{ label: '视频' }]} />
      <h1 className="visually-hidden">视频</h1>
      <VideoCarousel videos={d.top} />
      <section className="block videos">
        <SectionTitle title="全部视频" />
        {d.items.length === 0 ? <p className="empty">暂无数据</p> : <VideoGrid videos={d.items} />}
        <Pagination
          total={d.total}
          page={d.page}
          pageSize={PAGE_SIZE.videoDesktop}
          hrefFor={(p) => withPage(pathname, new URLSearchParams(search), p)}
        />
      </section>
    </main>
  );
}
