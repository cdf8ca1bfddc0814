import { Outlet, data, useRouteLoaderData } from 'react-router';
import { publicClientCredential, serverApi } from '@portal/api-client/server';
import { loadStartup } from '@portal/api-client/startup';
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
import { optional } from '@portal/api-client/envelope';
import { TopBar } from './features/layout/TopBar';
import { MobileFooter } from './features/layout/MobileFooter';
import appStyles from './styles/mobile.css?url';
import { href } from '@portal/routes';

export const links: Route.LinksFunction = () =>
  documentLinks({ href: '/favicon.svg', type: 'image/svg+xml' }, uiStyles, appStyles);

/**
 * The spec's start-up loads (get_category, company_letter, website_url: layouts, bottom, website,
 * read with `useStartup()`), plus the phone's small menus for the drawer and the quick links.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [startup, menus] = await Promise.all([
    loadStartup(api, '[mobile]'),
    optional('[mobile] smallMenu', api.smallMenu({}), []),
  ]);
  return data({ ...startup, menus, client: publicClientCredential(context) });
}

// The start-up data changes rarely: loaded with the document, not on every click.
export const shouldRevalidate = rootShouldRevalidate;

/** How long the 10001 message stays on screen before /login (another app's document) replaces the page. */
const EXPIRED_NOTICE_MS = 1500;

export function Layout({ children }: { children: React.ReactNode }) {
  const layout = useRouteLoaderData<typeof loader>('root');
  // 10001 anywhere (spec sections 4 and 8): the server's message, then /login.
  useSessionExpired((msg) => {
    showToast(msg);
    window.setTimeout(() => window.location.assign(href.login()), EXPIRED_NOTICE_MS);
  });
  return (
    <AppDocument
      app="mobile"
      viewport="width=device-width, initial-scale=1, viewport-fit=cover"
      head={<meta name="format-detection" content="telephone=no" />}
      rootFont
      client={layout?.client}
    >
      <TopBar menus={layout?.menus ?? []} />
      {children}
      {layout ? <MobileFooter footer={layout.bottom} websites={layout.website} /> : null}
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
