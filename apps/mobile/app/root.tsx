import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import { ErrorPage, FloatingButtons, ViewportHead, reloadAfterChunkError } from '@portal/ui';
import uiStyles from '@portal/ui/styles.css?url';
import type { Route } from './+types/root';
import { apiFor, optional } from './lib/api.server';
import { TopBar } from './features/layout/TopBar';
import { MobileFooter } from './features/layout/MobileFooter';
import appStyles from './styles/mobile.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: uiStyles },
  { rel: 'stylesheet', href: appStyles },
];

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
    <html lang="zh-CN" data-app="mobile">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="format-detection" content="telephone=no" />
        <ViewportHead app="mobile" rootFont />
        <Meta />
        <Links />
      </head>
      <body>
        <TopBar menus={layout?.menus ?? []} />
        {children}
        {layout ? <MobileFooter footer={layout.footer} /> : null}
        <FloatingButtons />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={error.statusText} />;
  }
  // A deploy may have replaced the chunk this page asked for: reload once (per minute) to recover.
  reloadAfterChunkError(error);
  return <ErrorPage status={500} message={import.meta.env.DEV && error instanceof Error ? error.message : undefined} />;
}
