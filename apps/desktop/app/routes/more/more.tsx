import { Link, useLocation } from 'react-router';
import { PAGE_SIZE } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import { Pagination, seoMeta, useStartup } from '@portal/ui';
import type { Route } from './+types/more';
import { ArticleRows } from '../../features/content/components/ArticleRows';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { InnerSidebar, useAds } from '../../features/content/components/InnerSidebar';
import { AdSlot } from '../../features/home/components/AdSlot';
import { settle } from '@portal/api-client/envelope';
import { unwrap, unwrapPage } from '@portal/api-client/route-envelope';
import { intParam, pageParam, withPage } from '../../features/content/lib/query';
import { absolute, pageSeo } from '../../features/content/lib/seo.server';
import { loadInnerSidebar } from '../../features/content/lib/sidebar.server';
import { contentStyles } from '../../features/content/styles';
import { categoryHref } from '../../lib/links';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

export const links: Route.LinksFunction = () => contentStyles;

/** /more?id={category id}&page=N: a category's articles, 21 a page (id 0: every category, newest first). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const params = new URL(request.url).searchParams;
  const catId = intParam(params, 'id', 0);
  const page = pageParam(params);
  const [list, top, sidebar, moreSeo] = await Promise.all([
    settle(api.cate_list({ cat_id: catId, page, pageSize: PAGE_SIZE.categoryList })),
    catId > 0 ? settle(api.category_top({ cat_id: catId })) : Promise.resolve(null),
    loadInnerSidebar(api),
    catId > 0 ? Promise.resolve(null) : pageSeo(api, 'more', TEXT.latestNews),
  ]);
  const { items, total } = unwrapPage('cate_list', list);
  const head = top ? unwrap('category_top', top) : null;
  const name = head?.name ?? TEXT.latestNews;
  const seo = head
    ? total > 0
      ? { ...head.seo, title: `${name}最新文章${page > 1 ? `_第${page}页` : ''}-${head.seo.title}` }
      : head.seo
    : moreSeo!;
  const self = withPage(
    href.more(),
    new URLSearchParams(catId > 0 ? { id: String(catId) } : { id: '0' }),
    page,
  );
  return { catId, name, page, items, total, sidebar, seo, canonical: absolute(request, self) };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.canonical) : []);

export default function More({ loaderData: d }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const ads = useAds();
  // A menu entry without articles of its own (更多) lists its sub-sections instead.
  const categories = useStartup().layouts.web_list;
  const sons = d.catId > 0 ? (categories.find((c) => c.id === d.catId)?.son ?? []) : [];
  return (
    <main className="page container">
      <Breadcrumb items={[{ label: d.name }]} />
      <div className="page__body">
        <div className="page__main">
          <section className="block">
            <h1 className="list-title">
              {d.name}
              {d.total > 0 ? <small>共 {d.total} 篇</small> : null}
            </h1>
            {sons.length > 0 ? (
              <ul className="sub-sections">
                {sons.map((c) => (
                  <li key={`${c.id}-${c.alias}`}>
                    <Link to={categoryHref(c)}>
                      <strong>{c.name}</strong>
                      <span>进入栏目 ›</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {d.items.length > 0 ? (
              <ArticleRows items={d.items} headingLevel={2} />
            ) : sons.length === 0 ? (
              <p className="empty">暂无数据</p>
            ) : null}
            <Pagination
              total={d.total}
              page={d.page}
              pageSize={PAGE_SIZE.categoryList}
              hrefFor={(p) => withPage(pathname, params, p)}
            />
          </section>
          <AdSlot ad={ads?.two} slot={2} className="article-ad" />
        </div>
        <InnerSidebar data={d.sidebar} />
      </div>
    </main>
  );
}
