import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from 'react-router';
import { serverApi } from '@portal/api-client/server';
import { isLimitRoute } from '@portal/routes';
import { CookieBanner, ErrorPage, FloatingButtons, ViewportHead, reloadAfterChunkError } from '@portal/ui';
import uiStyles from '@portal/ui/styles.css?url';
import type { Route } from './+types/root';
import { loadLayout } from './lib/layout.server';
import { SiteHeader } from './features/layout/components/SiteHeader';
import { SiteFooter } from './features/layout/components/SiteFooter';
import appStyles from './styles/app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: uiStyles },
  { rel: 'stylesheet', href: appStyles },
];

export async function loader({ context }: Route.LoaderArgs) {
  return data(await loadLayout(serverApi(context)));
}

// Categories, footer and site links change rarely: load them with the document, not on every click.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;

export function Layout({ children }: { children: React.ReactNode }) {
  const layout = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  // Header and footer are hidden on limit routes; under 960 px CSS hides them (styles/app.css).
  const chrome = layout && !isLimitRoute(pathname);
  return (
    <html lang="zh-CN" data-app="desktop">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ViewportHead app="desktop" />
        <Meta />
        <Links />
      </head>
      <body>
        {chrome ? <SiteHeader categories={layout.categories} adv={layout.adv} /> : null}
        {children}
        {chrome ? <SiteFooter footer={layout.footer} websites={layout.websites} /> : null}
        <FloatingButtons />
        <CookieBanner />
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
  // A deploy may have replaced the chunk this page asked for: reload once (per minute) to recover.
  useEffect(() => void reloadAfterChunkError(error), [error]);
  if (isRouteErrorResponse(error)) {
    return <ErrorPage status={error.status} message={error.statusText} />;
  }
  return <ErrorPage status={500} message={import.meta.env.DEV && error instanceof Error ? error.message : undefined} />;
}
