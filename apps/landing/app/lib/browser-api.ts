import type { Api } from '@portal/api-client';

let pending: Promise<Api> | null = null;

/**
 * The browser API (axios transport), loaded on the first interaction that needs it: landing
 * pages only read on first load, so axios stays out of their first-load JavaScript.
 */
export function browserApi(): Promise<Api> {
  pending ??= import('@portal/api-client/http').then(({ createBrowserApi }) => createBrowserApi());
  return pending;
}
