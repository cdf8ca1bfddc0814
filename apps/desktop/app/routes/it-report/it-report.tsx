import { IT_REPORT_FIRST_YEAR, PAGE_SIZE } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/it-report';
import { ArticleRows } from '../../features/content/components/ArticleRows';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { SectionTitle } from '../../features/shared/SectionTitle';
import { dataOr, settle } from '@portal/api-client/envelope';
import { unwrap } from '@portal/api-client/route-envelope';
import { intParam } from '../../features/content/lib/query';
import { absolute, pageSeo } from '../../features/content/lib/seo.server';
import { SITE_NAME } from '@portal/api-client/constants';
import { contentStyles } from '../../features/content/styles';
import { PastIssues } from '../../features/it-report/components/PastIssues';
import { SubscribeButton } from '../../features/it-report/components/SubscribeButton';
import { ItemLink, seoMeta } from '@portal/ui';
import { href } from '@portal/routes';
import { TEXT } from '@portal/api-client/messages';

export const links: Route.LinksFunction = () => contentStyles;

/** /it_report?id=N (0 or none: the current issue); ?year=&ipage= pick the past-issues page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const params = new URL(request.url).searchParams;
  const id = intParam(params, 'id', 0);
  const currentYear = new Date().getFullYear();
  const year = Math.min(currentYear, Math.max(IT_REPORT_FIRST_YEAR, intParam(params, 'year', currentYear)));
  const ipage = Math.max(1, intParam(params, 'ipage', 1, 1000));
  const [issue, list, seo] = await Promise.all([
    settle(api.it_index({ id })),
    settle(api.it_list({ year, page: ipage, pageSize: PAGE_SIZE.itIssues })),
    pageSeo(api, 'it_report', TEXT.itReport),
  ]);
  const current = unwrap('it_index', issue);
  return {
    ...current,
    issues: { year, page: ipage, items: dataOr('it_list', list, []), total: list.total ?? 0 },
    currentYear,
    seo: id
      ? { ...seo, title: `IT周报第${current.report.it_number}期（${current.report.week}）-${SITE_NAME}` }
      : seo,
    canonical: absolute(request, href.itReport(id ? { id: current.report.id } : {})),
  };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? seoMeta(data.seo, data.canonical) : []);

export default function ItReport({ loaderData: d }: Route.ComponentProps) {
  const r = d.report;
  return (
    <main className="page container">
      <Breadcrumb items={[{ label: TEXT.itReport }]} />
      <header className="section-hero section-hero--report">
        <div className="report-hero__text">
          <p className="report-hero__kicker">IT周报 · 第{r.it_number}期</p>
          <h1>{r.week}</h1>
          <p className="report-hero__date">发布时间：{r.publish_time}</p>
          {r.recommend ? <p className="report-hero__recommend">{r.recommend}</p> : null}
        </div>
        <div className="report-hero__actions">
          <SubscribeButton reportId={r.id} />
          <PastIssues key={r.id} initial={d.issues} currentYear={d.currentYear} currentId={r.id} />
        </div>
      </header>
      {r.adv ? (
        <ItemLink to={r.adv.url} className="ad-slot report-ad" title={r.adv.title}>
          <img src={r.adv.thumb} alt={r.adv.title} width={1200} height={100} decoding="async" />
          <span className="ad-slot__tag">广告</span>
        </ItemLink>
      ) : null}
      <div className="page__body">
        <section className="page__main block">
          <SectionTitle title="本周要闻" />
          {d.events.length === 0 ? <p className="empty">暂无数据</p> : <ArticleRows items={d.events} />}
        </section>
        <aside className="page__side">
          <section className="block side-block">
            <SectionTitle title="编辑推荐" />
            <ol className="hot">
              {d.recommend.map((item, i) => (
                <li key={item.id} className={`hot__item is-top top-${i + 1}`}>
                  <span className="hot__rank">{i + 1}</span>
                  <ItemLink to={item.url} title={item.title}>
                    {item.title}
                  </ItemLink>
                </li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
    </main>
  );
}
