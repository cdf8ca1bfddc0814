import { useEffect, type ReactNode } from 'react';
import { Links, Meta, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import { CLIENT_CREDENTIAL_META, type PublicClientCredential } from '@portal/api-client/client-credential';
import type { AppName } from '@portal/routes';
import type { SiteOrigins } from './baidu';
import { BaiduHead } from './BaiduHead';
import { reloadAfterChunkError } from './chunkReload';
import { ErrorPage, NOT_FOUND_MESSAGE, SERVER_ERROR_MESSAGE } from './ErrorPage';
import { ViewportHead } from './ViewportHead';

export interface AppDocumentProps {
  /** Marks the document: <html data-app="…"> (DESIGN.md section 2). */
  app: AppName;
  viewport?: string;
  /** Scale the root font with the width (the mobile app's rem layout). */
  rootFont?: boolean;
  /** Extra head tags, after the viewport meta. */
  head?: ReactNode;
  bodyClassName?: string;
  /**
   * The configured client credential (the root loader's `publicClientCredential(context)`): the
   * browser's transport buys its access token with it, so an operator's CLIENT_ID / CLIENT_SECRET
   * work without rebuilding the apps (issue 12).
   */
  client?: PublicClientCredential;
  /** The public origins, for the desktop page's Baidu mobile-agent (its phone page's absolute URL). */
  origins?: SiteOrigins;
  children: ReactNode;
}

/**
 * The document every app renders from its root Layout: charset and viewport, Baidu's adaptation
 * tags (BaiduHead), the width script
 * (ViewportHead) first in the head, the route's meta and links, and React Router's scripts.
 */
export function AppDocument({
  app,
  viewport = 'width=device-width, initial-scale=1',
  rootFont,
  head,
  bodyClassName,
  client,
  origins,
  children,
}: AppDocumentProps) {
  return (
    <html lang="zh-CN" data-app={app}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content={viewport} />
        <BaiduHead app={app} origins={origins} />
        {client ? (
          <>
            <meta name={CLIENT_CREDENTIAL_META.id} content={client.id} />
            <meta name={CLIENT_CREDENTIAL_META.secret} content={client.secret} />
          </>
        ) : null}
        {head}
        <ViewportHead app={app} rootFont={rootFont} />
        <Meta />
        <Links />
      </head>
      <body className={bodyClassName}>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The root links of an app: its icon, the shared styles, then the app's own (which may override them). */
export function documentLinks(icon: { href: string; type?: string }, ...stylesheets: string[]) {
  return [{ rel: 'icon', ...icon }, ...stylesheets.map((href) => ({ rel: 'stylesheet', href }))];
}

/**
 * The root ErrorBoundary: the status page of a route error response, else 500 (the message only
 * in development). A deploy may have replaced the chunk the page asked for: reload once (per minute).
 */
export function RootErrorPage({ error, dev }: { error: unknown; dev: boolean }) {
  useEffect(() => void reloadAfterChunkError(error), [error]);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <>
      {/* No route meta runs for the root boundary: the document is named by its heading (React hoists it). */}
      <title>{status === 404 ? NOT_FOUND_MESSAGE : SERVER_ERROR_MESSAGE}</title>
      {isRouteErrorResponse(error) ? (
        <ErrorPage status={error.status} message={error.statusText} />
      ) : (
        <ErrorPage status={500} message={dev && error instanceof Error ? error.message : undefined} />
      )}
    </>
  );
}
