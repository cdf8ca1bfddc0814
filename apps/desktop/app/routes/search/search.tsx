import { Form, useLocation } from 'react-router';
import { PAGE_SIZE } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import { Pagination, ItemLink, seoMeta, LIST_EMPTY_TEXT, UploadImage } from '@portal/ui';
import type { Route } from './+types/search';
import { ArticleRows } from '../../features/content/components/ArticleRows';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { ExpertPanel } from '../../features/content/components/ExpertPanel';
import { SectionTitle } from '../../features/shared/SectionTitle';
import { pageParam, withPage } from '../../features/content/lib/query';
import { absolute, pageSeo } from '../../features/content/lib/seo.server';
import { SITE_NAME } from '@portal/api-client/constants';
import { contentStyles } from '../../features/content/styles';
import { Highlight } from '@portal/ui';
import { dataOr, isOk, settle } from '@portal/api-client/envelope';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

export const links: Route.LinksFunction = () => contentStyles;

const QUERY_MAX = 50;

/** /search?data=keyword&page=N: 10 results a page, with events and experts beside them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const params = new URL(request.url).searchParams;
  const query = (params.get('data') ?? '').trim().slice(0, QUERY_MAX);
  const page = pageParam(params);
  const [result, events, experts, seo] = await Promise.all([
    query
      ? settle(api.search_list({ title: query, page, pageSize: PAGE_SIZE.search }))
      : Promise.resolve(null),
    settle(api.get_activity({})),
    settle(api.get_expert({ batch: 0 })),
    pageSeo(api, 'search', '搜索'),
  ]);
  // A failed search shows "no results" with its message rather than an error page.
  const ok = result !== null && isOk(result);
  return {
    query,
    page,
    items: ok ? result.data.list : [],
    total: ok ? (result.total ?? 0) : 0,
    error: result && !ok ? result.msg : '',
    events: dataOr('get_activity', events, []).slice(0, 4),
    experts: dataOr('get_expert', experts, { data: [] }).data,
    seo: query ? { ...seo, title: `${query}的搜索结果-${SITE_NAME}` } : seo,
    canonical: absolute(request, href.search()),
  };
}

// Result pages are not for search engines; the canonical points at the search page itself.
export const meta: Route.MetaFunction = ({ data }) =>
  data ? [...seoMeta(data.seo, data.canonical), { name: 'robots', content: 'noindex, follow' }] : [];

export default function Search({ loaderData: d }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  return (
    <main className="page container">
      <Breadcrumb items={[{ label: '搜索' }]} />
      <div className="page__body">
        <div className="page__main">
          <section className="block search">
            <Form method="get" action={href.search()} className="search__form" role="search" key={d.query}>
              <input
                type="search"
                name="data"
                defaultValue={d.query}
                maxLength={QUERY_MAX}
                placeholder="输入关键词，搜索资讯、评测、案例"
                aria-label={TEXT.searchKeywords}
                required
              />
              <button type="submit" className="ui-button ui-button--primary">
                搜索
              </button>
            </Form>
            {d.query ? (
              <h1 className="search__summary">
                “<em>{d.query}</em>”的搜索结果，共 <b>{d.total}</b> 条
              </h1>
            ) : (
              <h1 className="search__summary">请输入关键词进行搜索</h1>
            )}
            {d.query && d.items.length === 0 ? <p className="empty">{d.error || LIST_EMPTY_TEXT}</p> : null}
            <ArticleRows
              items={d.items}
              headingLevel={2}
              renderText={(text, item) => (
                <Highlight text={text} terms={item.keys?.length ? item.keys : [d.query]} />
              )}
            />
            <Pagination
              total={d.total}
              page={d.page}
              pageSize={PAGE_SIZE.search}
              hrefFor={(p) => withPage(pathname, new URLSearchParams(search), p)}
            />
          </section>
        </div>
        <aside className="page__side">
          {d.events.length > 0 ? (
            <section className="block side-block">
              <SectionTitle title="近期活动" more={href.activity()} />
              <ul className="events">
                {d.events.map((e) => (
                  <li key={e.id}>
                    <ItemLink to={e.url} title={e.title}>
                      <UploadImage
                        src={e.thumb}
                        sizes="120px"
                        alt=""
                        width={120}
                        height={75}
                        loading="lazy"
                        decoding="async"
                      />
                      <span className="events__body">
                        <strong>{e.title}</strong>
                        <small>{e.showTime}</small>
                      </span>
                    </ItemLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <ExpertPanel initial={d.experts} />
        </aside>
      </div>
    </main>
  );
}
