import type { AppName } from '@portal/routes';

/**
 * The public origins of the portal (PUBLIC_ORIGIN, PUBLIC_MOBILE_ORIGIN). Pages build absolute
 * URLs from these, never from the request's Host or X-Forwarded-Host: one request with a forged
 * Host would otherwise put its origin into a page the micro-cache then serves to every reader.
 */
export interface PublicOrigins {
  /** Desktop and landing pages, e.g. https://www.example.com. */
  desktop: string;
  /** Mobile pages, e.g. https://m.example.com (the desktop origin on a one-host setup). */
  mobile: string;
  /**
   * False in development without PUBLIC_ORIGIN: then any loopback host (localhost, 127.0.0.1,
   * [::1], at any port) is accepted too, so local tools reach the gateway however they name it.
   */
  configured: boolean;
}

export const originOf = (origins: PublicOrigins, app: AppName): string =>
  app === 'mobile' ? origins.mobile : origins.desktop;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The Host header in the canonical form of the given scheme (lower case, default port dropped); undefined if malformed. */
function normalHost(host: string, protocol: string): URL | undefined {
  if (!host || /[/?#@\\\s]/.test(host)) return undefined;
  try {
    return new URL(`${protocol}//${host}`);
  } catch {
    return undefined;
  }
}

/** True when a page may be served for this Host: one of the public origins' hosts (or loopback in development). */
export function isKnownHost(host: string | undefined, origins: PublicOrigins): boolean {
  if (!host) return false;
  for (const origin of [origins.desktop, origins.mobile]) {
    const known = new URL(origin);
    if (normalHost(host, known.protocol)?.host === known.host) return true;
  }
  if (origins.configured) return false;
  const url = normalHost(host, 'http:');
  return url !== undefined && (LOOPBACK_HOSTS.has(url.hostname) || url.hostname.endsWith('.localhost'));
}

/**
 * A path and query safe to put in a Location header or after an origin: percent-encoded (no raw
 * non-ASCII, no CR/LF), starting with exactly one slash (so never a protocol-relative `//host`).
 */
export function safePath(pathAndQuery: string): string {
  const raw = pathAndQuery.startsWith('/') ? pathAndQuery : '/';
  const url = new URL(`http://gateway.invalid${raw.replace(/^\/+/, '/')}`);
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}`;
}
