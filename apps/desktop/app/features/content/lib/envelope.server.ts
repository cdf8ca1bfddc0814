/**
 * The loaders' envelope helpers: the one module of @portal/api-client (issue 12). unwrap answers
 * the 404 page for NotFound / Validation and the error page for anything else; optional (a side
 * block) logs the failure and renders the block empty; settle turns a throw into an envelope.
 */
export { settle, dataOr as optional } from '@portal/api-client/envelope';
export { unwrap, unwrapPage } from '@portal/api-client/route-envelope';
