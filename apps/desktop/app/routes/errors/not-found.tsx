import { data } from 'react-router';
import { ErrorPage } from '@portal/ui';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = () => [
  { title: '页面不存在（404）' },
  { name: 'robots', content: 'noindex' },
];

/** Any path no route matches (and /404 itself) answers HTTP 404 with the not-found page. */
export function loader() {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
