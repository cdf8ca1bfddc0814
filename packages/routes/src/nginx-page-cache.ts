import { COOKIE } from '@portal/api-client/constants';

/**
 * nginx's micro-cache of anonymous pages (issue 27): what the generated config and the gateway
 * agree on. The gateway decides what nginx may keep (X-Accel-Expires, a second or a few); nginx
 * replays the kept answer's bytes as they are, its gzip and its CSP nonce included, as a CDN does
 * (README "Page cache and CDN": why a replayed nonce is safe). Rewriting the nonce on every answer
 * (sub_filter over the whole page) cost a third of nginx's rate and kept it from serving the stored
 * gzip.
 */

/** Cookies that do not make a request personal (the width and consent flags): any other one does. */
export const ANONYMOUS_COOKIES: readonly string[] = [COOKIE.viewportWidth, COOKIE.consent];

/**
 * Request header nginx sets (overwriting the client's) on every request of its page locations:
 * `<width>;<consent cookie>` as its cache key holds them. The gateway believes it from a trusted
 * proxy only (TRUST_PROXY), and lets nginx keep an answer only when its own width and consent agree
 * with these (a Cookie header the two parse differently never stores one reader's page under
 * another's key).
 */
export const NGINX_PAGE_HEADER = 'X-Portal-Nginx-Page';

/** keys_zone of the page cache (proxy_cache_path and proxy_cache). */
const ZONE = 'portal_pages';

/**
 * A Cookie header with no cookie but the anonymous ones ("" too). Linear: every repetition ends at
 * a ';' that `[^;]` cannot take, so no character is tried more than a few times. Stricter than the
 * gateway's reading (no space around a name, names as written): a header it lets through the
 * gateway also finds anonymous.
 */
export function anonymousCookiePattern(): string {
  const names = ANONYMOUS_COOKIES.map((name) => name.replace(/[^A-Za-z0-9_]/g, '')).join('|');
  return `^(?: *(?:${names})=[^;]*;)* *(?:(?:${names})=[^;]*)?$`;
}

/** The http-context line of the cache: bounded on disk, entries nobody read for a minute dropped. */
export function nginxPageCachePath(dir: string): string {
  return `proxy_cache_path ${dir} levels=1:2 keys_zone=${ZONE}:16m max_size=256m inactive=60s use_temp_path=off;`;
}

/** The map of the page cache (http context): who is personal. */
export function nginxPageCacheMaps(): string[] {
  return [
    '# Personal requests never read or fill the page cache: any cookie but',
    `# ${ANONYMOUS_COOKIES.join(' and ')} (Authorization and methods other than GET/HEAD are checked below).`,
    'map $http_cookie $portal_personal {',
    '  default 1;',
    '  # (nginx tries no regex on an empty value)',
    '  "" 0;',
    `  "~${anonymousCookiePattern()}" 0;`,
    '}',
  ];
}

/**
 * What the page locations add: the micro-cache. `proxyHeaders`: the
 * server's proxy_set_header lines, repeated because a location that sets one inherits none.
 */
export function nginxPageCacheLocation(proxyHeaders: readonly string[]): string[] {
  const consent = `$cookie_${COOKIE.consent}`;
  return [
    "# Anonymous pages from nginx's micro-cache. Only what the gateway marks shareable is kept",
    "# (X-Accel-Expires, a few seconds; 0: never): Cache-Control, Expires and Vary are the CDN's and",
    '# the key already holds what varies. An answer that sets a cookie is never kept.',
    `proxy_cache ${ZONE};`,
    `proxy_cache_key "$scheme;$portal_width;$portal_cookie_width;${consent};$http_host$request_uri";`,
    'proxy_cache_methods GET HEAD;',
    'proxy_cache_bypass $portal_personal $http_authorization;',
    'proxy_no_cache $portal_personal $http_authorization;',
    'proxy_ignore_headers Cache-Control Expires Vary;',
    '# A burst of first readers: one request upstream, the others wait for its page.',
    'proxy_cache_lock on;',
    '# A page being fetched again is served stale meanwhile, and while no gateway answers. Not in the',
    '# background: a page that stopped being shareable (a redirect, an error) would be served stale',
    '# to every reader after it; in the foreground the next reader gets the new answer.',
    'proxy_cache_use_stale updating error timeout;',
    '# HIT, MISS, EXPIRED, UPDATING, STALE or BYPASS: how this answer was served.',
    'add_header X-Page-Cache $upstream_cache_status always;',
    "# The server's request headers again (a location that sets one inherits none), and how nginx",
    '# classed the request: the gateway lets nginx keep a page only when it classes the reader alike.',
    ...proxyHeaders.filter((l) => !l.startsWith('#')),
    `proxy_set_header ${NGINX_PAGE_HEADER} "$portal_width;${consent}";`,
    '# Kept as the gateway compressed it (its stored gzip), whoever asked first; a reader that takes',
    '# no gzip gets it inflated.',
    'proxy_set_header Accept-Encoding gzip;',
    'gunzip on;',
  ];
}
