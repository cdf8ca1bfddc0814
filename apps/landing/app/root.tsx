import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import { ErrorPage, ViewportHead, reloadAfterChunkError } from '@portal/ui';
import type { Route } from './+types/root';
import uiStyles from '@portal/ui/styles.css?url';
import landingStyles from './styles/landing.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.ico' },
  { rel: 'stylesheet', href: uiStyles },
  { rel: 'stylesheet', href: landingStyles },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="zh-CN" data-app="landing">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ViewportHead app="landing" />
        <Meta />
        <Links />
      </head>
      <body className="landing">
        {children}
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
  return (
    <ErrorPage
      status={500}
      message={import.meta.env.DEV && error instanceof Error ? error.message : undefined}
    />
  );
}
