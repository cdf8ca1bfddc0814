import { Outlet, data, useLocation, useNavigate, useRouteLoaderData } from 'react-router';
import { publicClientCredential, publicOrigin, serverApi } from '@portal/api-client/server';
import { href, isLimitRoute } from '@portal/routes';
import { useSessionExpired } from '@portal/session';
import {
  AppDocument,
  CookieBanner,
  FloatingButtons,
  RootErrorPage,
  documentLinks,
  rootShouldRevalidate,
  showToast,
  WechatShare,
} from '@portal/ui';
import uiStyles from '@portal/ui/styles.css?url';
import type { Route } from './+types/root';
import { loadLayout } from './lib/layout.server';
import { SiteHeader } from './features/layout/components/SiteHeader';
import { SiteFooter } from './features/layout/components/SiteFooter';
import appStyles from './styles/app.css?url';

export const links: Route.LinksFunction = () =>
  documentLinks({ href: '/favicon.svg', type: 'image/svg+xml' }, uiStyles, appStyles);

export async function loader({ context, request }: Route.LoaderArgs) {
  return data({
    ...(await loadLayout(serverApi(context))),
    client: publicClientCredential(context),
    // Baidu's mobile-agent names each page's phone equivalent on the phone origin (AppDocument).
    origins: {
      desktop: publicOrigin(context, request, 'desktop'),
      mobile: publicOrigin(context, request, 'mobile'),
    },
  });
}

// The start-up data changes rarely: loaded with the document, not on every click.
export const shouldRevalidate = rootShouldRevalidate;

export function Layout({ children }: { children: React.ReactNode }) {
  const layout = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // 10001 anywhere (spec sections 4 and 8): the server's message, then /login in this document.
  useSessionExpired((msg) => {
    showToast(msg, 'error');
    void navigate(href.login(), { replace: true });
  });
  // Header and footer are hidden on limit routes; under 960 px CSS hides them (styles/app.css).
  const chrome = layout && !isLimitRoute(pathname);
  return (
    <AppDocument app="desktop" client={layout?.client} origins={layout?.origins}>
      {chrome ? <SiteHeader categories={layout.layouts.web_list} adv={layout.adv} /> : null}
      {children}
      {chrome ? <SiteFooter footer={layout.bottom} websites={layout.website} /> : null}
      <FloatingButtons />
      <CookieBanner />
      <WechatShare />
    </AppDocument>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RootErrorPage error={error} dev={import.meta.env.DEV} />;
}
