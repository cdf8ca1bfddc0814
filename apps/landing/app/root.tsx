import { Outlet, useRouteLoaderData, type ShouldRevalidateFunction } from 'react-router';
import { publicClientCredential } from '@portal/api-client/server';
import { AppDocument, CookieBanner, RootErrorPage, WechatShare, documentLinks } from '@portal/ui';
import type { Route } from './+types/root';
import uiStyles from '@portal/ui/styles.css?url';
import landingStyles from './styles/landing.css?url';

export const links: Route.LinksFunction = () =>
  documentLinks({ href: '/favicon.ico' }, uiStyles, landingStyles);

/** The configured client credential for the browser's transport (phone login, forms, page actions). */
export function loader({ context }: Route.LoaderArgs) {
  return { client: publicClientCredential(context) };
}

// The credential is the same for the life of the document.
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  return (
    <AppDocument app="landing" bodyClassName="landing" client={root?.client}>
      {children}
      <CookieBanner />
      {/* Campaign pages travel through WeChat most of all: the card comes from each page's own head. */}
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
