import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { EditorRole, SessionInfo } from '@portal/api-client/admin';

/**
 * Renders `routes` at `url` below a signed-in shell (the id `useEditor` reads), inside the app's
 * providers; returns the router, whose location is what the address bar would show.
 */
export function renderRoutes(url: string, routes: RouteObject[], role: EditorRole = 'admin') {
  const session: SessionInfo = { user: { username: 'tester', role, displayName: '测试' }, csrfToken: 't' };
  const router = createMemoryRouter(
    [
      {
        id: 'routes/shell',
        path: '/',
        loader: () => session,
        Component: Outlet,
        HydrateFallback: () => null,
        children: routes,
      },
    ],
    { initialEntries: [url] },
  );
  render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>,
  );
  return router;
}

/** The query of the router's current location, as an object. */
export const searchOf = (router: ReturnType<typeof createMemoryRouter>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
