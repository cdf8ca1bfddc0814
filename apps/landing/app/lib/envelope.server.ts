/** The loaders' envelope helpers: the one module of @portal/api-client (issue 12). */
export { unwrap } from '@portal/api-client/route-envelope';
