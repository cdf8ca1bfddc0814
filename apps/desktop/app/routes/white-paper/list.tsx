import { useLocation } from 'react-router';
import { isPaidPaper, PAGE_SIZE } from '@portal/api-client/constants';
import { serverApi } from '@portal/api-client/server';
import { Pagination, seoMeta, UploadImage } from '@portal/ui';
import type { Route } from './+types/list';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { settle } from '@portal/api-client/envelope';
import { unwrapPage } from '@portal/api-client/route-envelope';
import { dayOf as day } from '@portal/ui/format';
import { pageParam, withPage } from '../../features/content/lib/query';
import { absolute, pageSeo } from '../../features/content/lib/seo.server';
import { contentStyles } from '../../features/content/styles';
import { PaperBadge, PaperLink } from '../../features/white-paper/components/PaperLink';
import { href } from '@portal/routes';

export const links: Route.LinksFunction = () => contentStyles;

/** /white_pager?page=N: white papers, 9 a page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const params = new URL(request.url).searchParams;
  const page = pageParam(params);
  const [list, seo] = await Promise.all([
    settle(api.doc_ls_fronted({ page, pageSize: PAGE_SIZE.whitePapers })),
    pageSeo(api, 'white_paper', '白皮书'),
  ]);
  const { items, total } = unwrapPage('doc_ls_fronted', list);
  return {
    items,
    total,
    page,
    seo,
    canonical: absolute(request, withPage(href.whitePapers(), new URLSearchParams(), page)),
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta(data.seo, data.canonical, data.items[0]?.thumb) : [];

export default function WhitePapers({ loaderData: d }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  return (
    <main className="page container">
      <Breadcrumb items={[{ label: '白皮书' }]} />
      <header className="section-hero section-hero--paper">
        <h1>白皮书</h1>
        <p>
          人工智能、云计算、存储、网络与数字化转型领域的技术白皮书与研究报告，免费资料直接阅读，会员资料登录后下载。
        </p>
      </header>
      {d.items.length === 0 ? (
        <p className="block empty">暂无数据</p>
      ) : (
        <ul className="paper-grid">
          {d.items.map((p, i) => (
            <li key={p.id} className="paper-card">
              <PaperLink paper={p} className="paper-card__link">
                <span className="paper-card__cover">
                  {/* A paper without a cover (thumb ''): UploadImage draws an empty box, never src="". */}
                  <UploadImage
                    src={p.thumb}
                    sizes="112px"
                    alt=""
                    width={150}
                    height={200}
                    loading={i < 6 ? 'eager' : 'lazy'}
                    decoding="async"
                  />
                </span>
                <span className="paper-card__body">
                  <strong>{p.title}</strong>
                  <span className="paper-card__desc">{p.description}</span>
                  <span className="paper-card__foot">
                    <PaperBadge paper={p} />
                    <time>{day(p.created_at)}</time>
                    <em>{isPaidPaper(p) ? '登录阅读' : '在线阅读'} ›</em>
                  </span>
                </span>
              </PaperLink>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        total={d.total}
        page={d.page}
        pageSize={PAGE_SIZE.whitePapers}
        hrefFor={(p) => withPage(pathname, new URLSearchParams(search), p)}
      />
    </main>
  );
}
