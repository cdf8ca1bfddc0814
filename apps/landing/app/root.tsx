import { Outlet } from 'react-router';
import { AppDocument, CookieBanner, RootErrorPage, documentLinks } from '@portal/ui';
import type { Route } from './+types/root';
import uiStyles from '@portal/ui/styles.css?url';
import landingStyles from './styles/landing.css?url';

export const links: Route.LinksFunction = () =>
  documentLinks({ href: '/favicon.ico' }, uiStyles, landingStyles);

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <AppDocument app="landing" bodyClassName="landing">
      {children}
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
