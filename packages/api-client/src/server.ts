/**
 * The API for React Router loaders and actions. Under the gateway the load context carries an
 * in-process `api` (no HTTP hop); an app run alone (react-router-serve) falls back to HTTP.
 */
// Type-only: pulls React Router's declarations in so the augmentation below has a module to merge into.
import type { AppLoadContext } from 'react-router';
import type { Api } from './api';
import type { PublicClientCredential } from './client-credential';
import { createBrowserApi, DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET, LOCAL_API_URL } from './http';

declare module 'react-router' {
  interface AppLoadContext {
    /** Provided by the gateway's getLoadContext; absent when the app runs on its own. */
    api?: Api;
    /**
     * The configured public origin of the app rendering (PUBLIC_ORIGIN / PUBLIC_MOBILE_ORIGIN). Under
     * the gateway `request.url` is on this origin too, so absolute URLs never come from the Host.
     */
    publicOrigin?: string;
    /** Both public origins, for links into the other app (a mobile page's desktop canonical). */
    publicOrigins?: { desktop: string; mobile: string };
    /** The configured client credential, rendered into every document for the browser's transport. */
    clientCredential?: PublicClientCredential;
    /**
     * The Content-Security-Policy nonce of this request (the gateway's security headers): the
     * server entry puts it on every inline script it renders.
     */
    cspNonce?: string;
  }
}

/** What serverApi and publicClientCredential read from a load context. */
export type ApiLoadContext = Pick<AppLoadContext, 'api' | 'clientCredential'>;

interface FallbackEnv {
  API_URL?: string;
  CLIENT_ID?: string;
  CLIENT_SECRET?: string;
}

let fallback: { key: string; api: Api } | null = null;

/** The credential from CLIENT_ID / CLIENT_SECRET (the same defaults as the API's configuration). */
function envCredential(env: FallbackEnv): PublicClientCredential {
  return { id: env.CLIENT_ID || DEFAULT_CLIENT_ID, secret: env.CLIENT_SECRET || DEFAULT_CLIENT_SECRET };
}

/**
 * The HTTP api used when no gateway provided one, configured from the environment and kept for the
 * life of the process so its access token is bought once, not per request. Server-side calls carry
 * no member identity: the member session lives in the browser's storage.
 */
export function fallbackApi(env: FallbackEnv = process.env): Api {
  const baseURL = (env.API_URL || LOCAL_API_URL).replace(/(?<!\/)\/+$/, '');
  const { id: clientId, secret: clientSecret } = envCredential(env);
  const key = `${baseURL}\n${clientId}\n${clientSecret}`;
  if (fallback?.key !== key) {
    fallback = { key, api: createBrowserApi({ baseURL, clientId, clientSecret }) };
  }
  return fallback.api;
}

/**
 * The public origin of an app for absolute URLs (canonical, og:url, JSON-LD): the gateway's
 * configured one (PUBLIC_ORIGIN / PUBLIC_MOBILE_ORIGIN); only an app run on its own (development)
 * falls back to the request's origin.
 */
export function publicOrigin(
  context: Pick<AppLoadContext, 'publicOrigins'> | null | undefined,
  request: Request,
  app: 'desktop' | 'mobile',
): string {
  return context?.publicOrigins?.[app] ?? new URL(request.url).origin;
}

/** `const api = serverApi(context)` inside a loader: the gateway's api, else the HTTP fallback. */
export function serverApi(context: ApiLoadContext | null | undefined): Api {
  return context?.api ?? fallbackApi();
}

/**
 * `client: publicClientCredential(context)` in a root loader: what the document tells the browser
 * to buy its access token with. The gateway's configured pair, else the environment's (an app run
 * alone reads the same CLIENT_ID / CLIENT_SECRET as its API).
 */
export function publicClientCredential(
  context: ApiLoadContext | null | undefined,
  env: FallbackEnv = process.env,
): PublicClientCredential {
  return context?.clientCredential ?? envCredential(env);
}
