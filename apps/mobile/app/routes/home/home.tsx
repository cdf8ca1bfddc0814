import { useCallback, useEffect, useState } from 'react';
import { Link, useLoaderData, useRouteLoaderData } from 'react-router';
import type { ListItem, WhitePaper } from '@portal/api-client';
import { MOBILE_MENU, PAGE_SIZE } from '@portal/api-client/constants';
import type { Route } from './+types/home';
import type { loader as rootLoader } from '../../root';
import { serverApi } from '@portal/api-client/server';
import { required } from '@portal/api-client/route-envelope';
import { optional } from '@portal/api-client/envelope';
import { call } from '../../lib/browser-api';
import { pageUrl, shareMeta } from '@portal/ui';
import { SITE_NAME } from '../../lib/site';
import { BannerCarousel } from '../../features/home/BannerCarousel';
import { QuickLinks } from '../../features/home/QuickLinks';
import { HomeBlock } from '../../features/home/HomeBlock';
import { WhitePaperCard } from '../../features/home/WhitePaperCard';
import { FALL_TABS, NEWS_TAG, WHITE_PAPER_TAG, fallTabOf } from '../../features/home/fallTabs';
import { EndlessNewsList } from '../../features/news/EndlessNewsList';
import { EndlessList } from '../../features/shared/EndlessList';
import { Notice } from '../../features/shared/Notice';
import { href } from '@portal/routes';

/** Items shown in each home block before "更多". */
const BLOCK_ITEMS = 4;

type Fall =
  { tag: typeof NEWS_TAG; items: ListItem[] } | { tag: typeof WHITE_PAPER_TAG; items: WhitePaper[] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const tab = fallTabOf(new URL(request.url).searchParams.get('tag'));
  const fallCall: Promise<Fall> =
    tab.tag === WHITE_PAPER_TAG
      ? required(
          '[mobile] doc_ls_fronted',
          api.doc_ls_fronted({ page: 1, pageSize: PAGE_SIZE.whitePapers }),
        ).then((items) => ({
          tag: WHITE_PAPER_TAG,
          items,
        }))
      : required('[mobile] mfall', api.mfall({ type: NEWS_TAG, page: 1, pageSize: PAGE_SIZE.homeFall })).then(
          (items) => ({
            tag: NEWS_TAG,
            items,
          }),
        );
  // Spec section 8: a failed home load is a page-render error (the SEO row alone may be missing).
  const [banners, recommended, activities, topics, fall, seo] = await Promise.all([
    required('[mobile] get_loop', api.get_loop({ type: 'mobile' })),
    required('[mobile] mTop', api.mTop({ type: MOBILE_MENU.recommended })),
    required('[mobile] mTop', api.mTop({ type: MOBILE_MENU.activities })),
    required('[mobile] mTop', api.mTop({ type: MOBILE_MENU.topics })),
    fallCall,
    optional('[mobile] get_seo', api.get_seo({ page: 'home' }), {
      title: SITE_NAME,
      description: '',
      keyword: '',
    }),
  ]);
  return {
    banners,
    recommended: recommended.slice(0, BLOCK_ITEMS),
    activities: activities.slice(0, BLOCK_ITEMS),
    topics: topics.slice(0, BLOCK_ITEMS),
    fall,
    seo,
    url: pageUrl(request),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const seo = loaded?.seo;
  return [
    { title: seo?.title || SITE_NAME },
    { name: 'description', content: seo?.description ?? '' },
    { name: 'keywords', content: seo?.keyword ?? '' },
    ...(loaded
      ? shareMeta({
          title: seo?.title || SITE_NAME,
          description: seo?.description ?? '',
          url: loaded.url,
          image: loaded.banners[0]?.banner,
          siteName: SITE_NAME,
        })
      : []),
  ];
};

const loadNews = (page: number) =>
  call((api) => api.mfall({ type: NEWS_TAG, page, pageSize: PAGE_SIZE.homeFall }));
const loadPapers = (page: number) =>
  call((api) => api.doc_ls_fronted({ page, pageSize: PAGE_SIZE.whitePapers }));

export default function MobileHome() {
  const { banners, recommended, activities, topics, fall } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof rootLoader>('root');
  const [notice, setNotice] = useState<string | null>(null);
  const closeNotice = useCallback(() => setNotice(null), []);
  // Readers sent here for white papers (/white_pager → /?tag=2) land on that section.
  useEffect(() => {
    if (fall.tag === WHITE_PAPER_TAG && window.scrollY === 0)
      document.getElementById('m-fall')?.scrollIntoView();
  }, [fall.tag]);

  return (
    <main className="m-page m-home">
      <h1 className="m-visually-hidden">{SITE_NAME}</h1>
      <BannerCarousel banners={banners} />
      <QuickLinks menus={layout?.menus ?? []} />
      <HomeBlock
        title="推荐"
        moreHref={href.mobile.general(MOBILE_MENU.recommended)}
        items={recommended}
        variant="lead"
      />
      <HomeBlock
        title="活动"
        moreHref={href.mobile.general(MOBILE_MENU.activities)}
        items={activities}
        variant="cards"
      />
      <HomeBlock
        title="专题"
        moreHref={href.mobile.general(MOBILE_MENU.topics)}
        items={topics}
        variant="cards"
      />
      <section className="m-block m-fall" id="m-fall" aria-label="资讯流">
        <nav className="m-tabs" aria-label="资讯分类">
          {FALL_TABS.map((t) => (
            <Link
              key={t.tag}
              to={href.home(t.tag === NEWS_TAG ? undefined : t.tag)}
              className={`m-tabs__tab${t.tag === fall.tag ? ' is-active' : ''}`}
              aria-current={t.tag === fall.tag ? 'page' : undefined}
              preventScrollReset
              replace
            >
              {t.name}
            </Link>
          ))}
        </nav>
        {fall.tag === WHITE_PAPER_TAG ? (
          <EndlessList<WhitePaper>
            key="papers"
            cacheKey="home:papers"
            initialItems={fall.items}
            loadPage={loadPapers}
            pageSize={PAGE_SIZE.whitePapers}
            className="m-paper-list"
            itemKey={(paper) => paper.id}
            renderItem={(paper) => <WhitePaperCard paper={paper} onNeedLogin={setNotice} />}
          />
        ) : (
          <EndlessNewsList
            key="news"
            cacheKey="home:news"
            initialItems={fall.items}
            loadPage={loadNews}
            pageSize={PAGE_SIZE.homeFall}
          />
        )}
      </section>
      <Notice message={notice} onClose={closeNotice} action={{ href: href.login(), label: '去登录' }} />
    </main>
  );
}
