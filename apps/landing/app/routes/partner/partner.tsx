import { isRouteErrorResponse } from 'react-router';
import { serverApi } from '@portal/api-client/server';
import { ErrorPage, pageUrl, shareMeta } from '@portal/ui';
import { PartnerPage } from '../../features/partner/components/PartnerPage';
import { loadPartner } from '../../features/partner/load.server';
import { PARTNER_LOAD_ERROR } from '../../features/partner/messages';
import type { Route } from './+types/partner';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  return { partner: await loadPartner(serverApi(context), params.mark), url: pageUrl(request) };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: data.partner.base.slogan },
        { name: 'description', content: data.partner.base.des.slice(0, 160) },
        ...shareMeta({
          title: data.partner.base.slogan,
          description: data.partner.base.des.slice(0, 160),
          url: data.url,
          image: data.partner.base.banner || undefined,
          siteName: data.partner.base.slogan,
        }),
      ]
    : [{ title: PARTNER_LOAD_ERROR }];

export default function Partner({ loaderData }: Route.ComponentProps) {
  return <PartnerPage data={loaderData.partner} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} />;
  return (
    <main className="lp-load-error" role="alert">
      <h1>{PARTNER_LOAD_ERROR}</h1>
      <p>页面数据加载失败，请稍后刷新重试。</p>
      <button type="button" className="lp-button lp-button--primary" onClick={() => window.location.reload()}>
        刷新页面
      </button>
    </main>
  );
}
