import { useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { serverApi } from '@portal/api-client/server';
import { loadMember } from '@portal/session';
import type { Route } from './+types/pdf';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { settle, unwrap } from '../../features/content/lib/envelope.server';
import { day } from '../../features/content/lib/format';
import { intParam } from '../../features/content/lib/query';
import { absolute } from '../../features/content/lib/seo.server';
import { SITE_NAME } from '../../features/content/lib/site';
import { toastLoginFirst } from '../../features/content/lib/member';
import { contentStyles } from '../../features/content/styles';
import { seoMeta } from '../../lib/seo';

export const links: Route.LinksFunction = () => contentStyles;

/** /white_pager/pdf?id=N: one white paper's PDF in the page, with a download link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = intParam(new URL(request.url).searchParams, 'id', 0);
  const paper = unwrap('doc_detail', await settle(serverApi(context).doc_detail({ id })));
  return { paper, canonical: absolute(request, `/white_pager/pdf?id=${paper.id}`) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? seoMeta(
        { title: `${data.paper.title}-白皮书-${SITE_NAME}`, description: data.paper.description, keyword: `${data.paper.title},白皮书` },
        data.canonical,
        data.paper.thumb,
      )
    : [];

function subscribeStorage(onChange: () => void) {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

export default function PaperPdf({ loaderData: { paper } }: Route.ComponentProps) {
  const navigate = useNavigate();
  // The member session lives in the browser: the server renders a paid paper locked.
  const hasMember = useSyncExternalStore(subscribeStorage, () => loadMember() !== null, () => false);
  const allowed = paper.is_free === 0 || hasMember;
  useEffect(() => {
    if (paper.is_free === 0 || loadMember()) return;
    toastLoginFirst();
    void navigate('/login', { replace: true });
  }, [paper.id, paper.is_free, navigate]);
  return (
    <main className="page container">
      <Breadcrumb items={[{ label: '白皮书', to: '/white_pager' }, { label: paper.title }]} />
      <section className="block pdf">
        <div className="pdf__head">
          <div>
            <h1>{paper.title}</h1>
            <p>
              <span className={paper.is_free === 0 ? 'papers__badge' : 'papers__badge is-paid'}>{paper.is_free === 0 ? '免费' : '会员'}</span>
              <time>{day(paper.created_at)}</time>
            </p>
          </div>
          {allowed ? (
            <a className="ui-button ui-button--primary" href={paper.url} download>
              下载PDF
            </a>
          ) : null}
        </div>
        <p className="pdf__desc">{paper.description}</p>
        {allowed ? (
          <object className="pdf__frame" data={paper.url} type="application/pdf" aria-label={paper.title}>
            <p className="empty">
              当前浏览器无法直接显示PDF，请 <a href={paper.url}>下载后阅读</a>。
            </p>
          </object>
        ) : (
          <p className="pdf__locked">该白皮书为会员资料，登录后即可阅读。</p>
        )}
      </section>
    </main>
  );
}
