import { data, type MetaDescriptor, type ShouldRevalidateFunction } from 'react-router';
import { ErrorPage } from './ErrorPage';

/**
 * Route-module pieces every site shares (issue 12: written once). An app's route file assigns them:
 * `export const loader = notFoundLoader;`.
 */

/** The not-found route's title: no indexing. */
export const notFoundMeta = (): MetaDescriptor[] => [
  { title: '页面不存在（404）' },
  { name: 'robots', content: 'noindex' },
];

/** Any path no route matches (and /404 itself) answers HTTP 404 with the not-found page. */
export function notFoundLoader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

/** The not-found route's page. */
export function NotFoundRoute() {
  return <ErrorPage status={404} />;
}

/**
 * The root loader's data (start-up data, menus, the public client credential) changes rarely: it
 * loads with the document and again only after a form that is not GET, never on every click.
 */
export const rootShouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false;
