import { useMemo } from 'react';
import { serverApi } from '@portal/api-client/server';
import type { Route } from './+types/pdf';
import { Breadcrumb } from '../../features/content/components/Breadcrumb';
import { settle } from '@portal/api-client/envelope';
import { unwrap } from '@portal/api-client/route-envelope';
import { dayOf as day } from '@portal/ui/format';
import { intParam } from '../../features/content/lib/query';
import { absolute } from '../../features/content/lib/seo.server';
import { SITE_NAME } from '@portal/api-client/constants';
import { contentStyles } from '../../features/content/styles';
import { PdfReader, type PdfSource } from '../../features/white-paper/components/PdfReader';
import { usePaperPdf } from '../../features/white-paper/hooks/usePaperPdf';
import { isPaidPaper } from '@portal/api-client/constants';
import { seoMeta } from '@portal/ui';
import { href } from '@portal/routes';

export const links: Route.LinksFunction = () => contentStyles;

/** /white_pager/pdf?id=N: one white paper's PDF in the page, with a download link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = intParam(new URL(request.url).searchParams, 'id', 0);
  const paper = unwrap('doc_detail', await settle(serverApi(context).doc_detail({ id })));
  return { paper, canonical: absolute(request, href.whitePaper(paper.id)) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? seoMeta(
        {
          title: `${data.paper.title}-白皮书-${SITE_NAME}`,
          description: data.paper.description,
          keyword: `${data.paper.title},白皮书`,
        },
        data.canonical,
        data.paper.thumb,
      )
    : [];

/** Download name of a free paper's PDF. */
const fileName = (paper: { id: number; title: string }) =>
  `${paper.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || `white-paper-${paper.id}`}.pdf`;

export default function PaperPdf({ loaderData: { paper } }: Route.ComponentProps) {
  const paid = isPaidPaper(paper);
  // A paid paper has no public file: the member's browser fetches its bytes (white_paper_file) and
  // pdf.js draws them; members read it here, with no download link. The server renders it locked,
  // since the session lives in the browser.
  const pdf = usePaperPdf(paper.id, paid);
  const paidData = pdf.status === 'ready' ? pdf.data : null;
  const source = useMemo<PdfSource | null>(
    () => (paid ? (paidData ? { data: paidData } : null) : { url: paper.url }),
    [paid, paidData, paper.url],
  );
  return (
    <main className="page container">
      <Breadcrumb items={[{ label: '白皮书', to: href.whitePapers() }, { label: paper.title }]} />
      <section className="block pdf">
        <div className="pdf__head">
          <div>
            <h1>{paper.title}</h1>
            <p>
              <span className={paid ? 'papers__badge is-paid' : 'papers__badge'}>
                {paid ? '会员' : '免费'}
              </span>
              <time>{day(paper.created_at)}</time>
            </p>
          </div>
          {paid ? null : (
            <a className="ui-button ui-button--primary" href={paper.url} download={fileName(paper)}>
              下载PDF
            </a>
          )}
        </div>
        <p className="pdf__desc">{paper.description}</p>
        {source ? (
          <PdfReader key={paper.id} source={source} title={paper.title} />
        ) : pdf.status === 'loading' ? (
          <p className="pdf__locked" role="status">
            正在加载白皮书…
          </p>
        ) : pdf.status === 'error' ? (
          <p className="pdf__locked" role="alert">
            {pdf.msg}
          </p>
        ) : (
          <p className="pdf__locked">该白皮书为会员资料，登录后即可阅读。</p>
        )}
      </section>
    </main>
  );
}
