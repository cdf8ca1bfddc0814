import { useRouteLoaderData } from 'react-router';
import { serverApi } from '@portal/api-client/server';
import { seoMeta } from '@portal/ui';
import type { Route } from './+types/home';
import type { loader as rootLoader } from '../../root';
import { loadHome } from './home.server';
import { AdSlot } from '../../features/home/components/AdSlot';
import { BannerCarousel } from '../../features/home/components/BannerCarousel';
import { LatestNews } from '../../features/home/components/LatestNews';
import { RightColumn } from '../../features/home/components/RightColumn';
import { SideImageList } from '../../features/home/components/SideImageList';
import { TopicGrid } from '../../features/home/components/TopicGrid';
import { Waterfall } from '../../features/home/components/Waterfall';
import { href } from '@portal/routes';

export async function loader({ context, request }: Route.LoaderArgs) {
  const home = await loadHome(serverApi(context));
  return { ...home, canonical: new URL(href.home(), request.url).href };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.canonical) : []);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { banners, sideImages, news, topics, right, fall } = loaderData;
  const adv = useRouteLoaderData<typeof rootLoader>('root')?.adv ?? null;
  return (
    <main className="home container">
      <div className="home__hero">
        <BannerCarousel banners={banners} />
        <SideImageList items={sideImages} />
      </div>
      <AdSlot ad={adv?.two} slot={2} className="ad-slot--wide" />
      <div className="home__body">
        <div className="home__main">
          <LatestNews items={news} />
          <TopicGrid items={topics} />
          <AdSlot ad={adv?.five} slot={5} className="ad-slot--wide" />
          <Waterfall initial={fall} />
        </div>
        <RightColumn right={right} adv={adv} />
      </div>
    </main>
  );
}
