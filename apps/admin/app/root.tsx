import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
} from 'react-router';
import './styles.css';

dayjs.locale('zh-cn');

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN" data-app="admin">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>编辑后台</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

const THEME = { token: { colorPrimary: '#1f6feb', borderRadius: 6 } };

export default function Root() {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      <AntApp>
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}

export function HydrateFallback() {
  return <div className="boot">编辑后台加载中…</div>;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? error.status === 404
      ? '页面不存在 (404)'
      : `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '页面出错了';
  return (
    <div className="boot">
      <p>{message}</p>
      <a href="/admin/">返回后台首页</a>
    </div>
  );
}
