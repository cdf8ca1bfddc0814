import { Outlet, data, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router';
import { AppDocument, CookieBanner, FloatingButtons, RootErrorPage, documentLinks } from '@portal/ui';
import uiStyles from '@portal/ui/styles.css?url';
import type { Route } from './+types/root';
import { apiFor, optional } from './lib/api.server';
import { TopBar } from './features/layout/TopBar';
import { MobileFooter } from './features/layout/MobileFooter';
import appStyles from './styles/mobile.css?url';

export const links: Route.LinksFunction = () =>
  documentLinks({ href: '/favicon.svg', type: 'image/svg+xml' }, uiStyles, appStyles);

/** What every phone page shows around its content: the drawer's quick links and the footer line. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = apiFor(context);
  const [menus, footer] = await Promise.all([
    optional('smallMenu', api.smallMenu({}), []),
    optional('company_letter', api.company_letter({}), { info: {}, qrcodes: [], friendly_links: [] }),
  ]);
  return data({ menus, footer });
}

// Menus and footer change rarely: load them with the document, not on every tap.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: React.ReactNode }) {
  const layout = useRouteLoaderData<typeof loader>('root');
  return (
    <AppDocument
      app="mobile"
      viewport="width=device-width, initial-scale=1, viewport-fit=cover"
      head={<meta name="format-detection" content="telephone=no" />}
      rootFont
    >
      <TopBar menus={layout?.menus ?? []} />
      {children}
      {layout ? <MobileFooter footer={layout.footer} /> : null}
      <FloatingButtons />
      <CookieBanner />
    </AppDocument>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RootErrorPage error={error} dev={import.meta.env.DEV} />;
}
