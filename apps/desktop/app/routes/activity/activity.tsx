import { Form, useLocation } from 'react-router';
import {
  EventStatus,
  IT_REPORT_FIRST_YEAR,
  PAGE_SIZE,
  EVENT_STATUS_LABEL,
} from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import { Pagination, ItemLink, seoMeta, UploadImage } from '@portal/ui';
import type { Route } from './+types/activity';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { useAds } from '../../features/content/components/InnerSidebar';
import { AdSlot } from '../../features/home/components/AdSlot';
import { settle } from '@portal/api-client/envelope';
import { unwrapPage } from '@portal/api-client/route-envelope';
import { intParam, pageParam, withPage } from '../../features/content/lib/query';
import { absolute, pageSeo } from '../../features/content/lib/seo.server';
import { contentStyles } from '../../features/content/styles';
import { href } from '@portal/routes';

export const links: Route.LinksFunction = () => contentStyles;

const TYPE: Record<number, string> = { 1: '线上', 2: '线下' };
const TITLE_MAX = 50;

/** /activity?year=&month=&title=&page=: events, 12 a page, filtered by the query. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const params = new URL(request.url).searchParams;
  const thisYear = new Date().getFullYear();
  const year = intParam(params, 'year', 0, thisYear + 5);
  const month = intParam(params, 'month', 0, 12);
  const title = (params.get('title') ?? '').trim().slice(0, TITLE_MAX);
  const page = pageParam(params);
  const [list, seo] = await Promise.all([
    settle(
      api.meet_index({
        ...(year ? { year } : {}),
        ...(month ? { month } : {}),
        ...(title ? { title } : {}),
        page,
        pageSize: PAGE_SIZE.events,
      }),
    ),
    pageSeo(api, 'activity', '活动'),
  ]);
  const { items, total } = unwrapPage('meet_index', list);
  const years: number[] = [];
  for (let y = thisYear + 1; y >= IT_REPORT_FIRST_YEAR; y--) years.push(y);
  return {
    items,
    total,
    page,
    filters: { year, month, title },
    years,
    seo,
    canonical: absolute(request, href.activity()),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta(data.seo, data.canonical, data.items[0]?.thumb) : [];

export default function Activities({ loaderData: d }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const ads = useAds();
  const { year, month, title } = d.filters;
  return (
    <main className="page container">
      <Breadcrumb items={[{ label: '活动' }]} />
      <header className="section-hero section-hero--event">
        <h1>活动</h1>
        <p>IT行业峰会、渠道大会、技术沙龙与线上研讨会，在线报名，与厂商和同行面对面交流。</p>
      </header>
      {/* A GET form: the filters live in the URL, so every filtered page is server-rendered and shareable. */}
      <Form method="get" className="filters block" key={search}>
        <label>
          <span>年份</span>
          <select name="year" defaultValue={year ? String(year) : ''}>
            <option value="">全部年份</option>
            {d.years.map((y) => (
              <option key={y} value={y}>
                {y}年
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>月份</span>
          <select name="month" defaultValue={month ? String(month) : ''}>
            <option value="">全部月份</option>
            {Array.from({ length: 12 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {i + 1}月
              </option>
            ))}
          </select>
        </label>
        <label className="filters__title">
          <span>活动名称</span>
          <input
            type="search"
            name="title"
            defaultValue={title}
            maxLength={TITLE_MAX}
            placeholder="输入活动名称关键词"
          />
        </label>
        <button type="submit" className="ui-button ui-button--primary">
          筛选
        </button>
        {year || month || title ? (
          <a href={href.activity()} className="filters__reset">
            清除筛选
          </a>
        ) : null}
        <span className="filters__count">共 {d.total} 场活动</span>
      </Form>
      <AdSlot ad={ads?.two} slot={2} className="ad-slot--wide" />
      {d.items.length === 0 ? (
        <p className="block empty">暂无数据</p>
      ) : (
        <ul className="event-grid">
          {d.items.map((e, i) => (
            <li key={e.id} className="event-card">
              <ItemLink to={e.url} title={e.title}>
                <span className="event-card__thumb">
                  <UploadImage
                    src={e.thumb}
                    sizes="384px"
                    alt=""
                    width={384}
                    height={216}
                    loading={i < 3 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                  <em className={`event-card__status s${e.status}`}>{EVENT_STATUS_LABEL[e.status] ?? ''}</em>
                </span>
                <span className="event-card__body">
                  <strong>{e.title}</strong>
                  <span className="event-card__meta">
                    <span>时间：{e.showTime}</span>
                    <span>
                      地点：{e.city || '线上'}
                      {TYPE[e.type] ? ` · ${TYPE[e.type]}` : ''}
                    </span>
                  </span>
                  <span className="event-card__desc">{e.description}</span>
                  <span
                    className={
                      e.status === EventStatus.Ended ? 'event-card__cta is-ended' : 'event-card__cta'
                    }
                  >
                    {e.status === EventStatus.Ended ? '查看回顾' : '立即报名'}
                  </span>
                </span>
              </ItemLink>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        total={d.total}
        page={d.page}
        pageSize={PAGE_SIZE.events}
        hrefFor={(p) => withPage(pathname, new URLSearchParams(search), p)}
      />
    </main>
  );
}
