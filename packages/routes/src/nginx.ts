import { MOBILE_BREAKPOINT, COOKIE } from '@portal/api-client/constants';
import { NGINX_GZIP } from './nginx-main';
import {
  NGINX_PAGE_HEADER,
  nginxPageCacheLocation,
  nginxPageCacheMaps,
  nginxPageCachePath,
} from './nginx-page-cache';
import { paramPattern } from './resolve';
import { API_PREFIX, PREFIX_RULES, ROUTES, SHARED_PATHS, type RouteMatch } from './table';
import { UPLOAD_CSP, UPLOAD_MAX_AGE_S, UPLOADS_PREFIX } from './uploads';
import { PHONE_UA_PATTERN } from './viewport';
import { SITEMAP_INDEX_PATH, SITEMAPS_PREFIX } from './sitemap';
// The health endpoints go to the gateways as they are (DESIGN.md section 9).
import { HEALTH_PATHS } from './table';

/**
 * Generates the production nginx config from the one route table (DESIGN.md section 2):
 * width maps on the vw cookie / m. host / User-Agent, the 302 width redirects, immutable
 * /assets and /uploads straight from disk, everything else to the stateless gateway processes.
 */
export interface NginxOptions {
  /** Repository checkout on the server (apps' build/client dirs live under it). */
  root: string;
  /** DATA_DIR of the gateway/API (uploads are served from DATA_DIR/uploads). */
  dataDir: string;
  /** Gateway processes (host:port); they are stateless, add as many as needed. */
  gateways: string[];
  serverName: string;
  /** listen directive value. */
  listen: string;
  /**
   * Passive health of each gateway: after `maxFails` failed attempts within `failTimeoutS` seconds
   * nginx sends it nothing for `failTimeoutS` seconds. Default 3 in 10 s (gateways on other hosts).
   */
  passiveHealth?: { maxFails: number; failTimeoutS: number };
  /**
   * Load balancers in front (NGINX_REAL_IP_FROM: addresses or CIDRs). From these peers only, nginx
   * takes the reader's address from X-Forwarded-For (the last entry that is not one of them) and
   * passes that to the gateways; without it every reader would be the balancer's one address to
   * the per-IP limits. Empty: the peer nginx sees is the reader.
   */
  realIpFrom?: readonly string[];
  /**
   * nginx's micro-cache of anonymous pages (NGINX_PAGE_CACHE_S > 0): its directory on disk.
   * Unset: every page request goes to the gateways, which then make each answer's nonce themselves.
   */
  pageCacheDir?: string;
}

/** An address or CIDR as set_real_ip_from takes it (IPv4 or IPv6), nothing that could end the directive. */
const REAL_IP_SOURCE = /^[0-9A-Fa-f:.]{2,45}(?:\/\d{1,3})?$/;

/**
 * NGINX_REAL_IP_FROM read: its comma-separated entries, and those that are no address or CIDR
 * (start:prod and gen:nginx refuse to write a config with any).
 */
export function parseRealIpFrom(value: string | undefined): { sources: string[]; bad: string[] } {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return {
    sources: entries.filter((entry) => REAL_IP_SOURCE.test(entry)),
    bad: entries.filter((entry) => !REAL_IP_SOURCE.test(entry)),
  };
}

export const DEFAULT_NGINX_OPTIONS: NginxOptions = {
  root: '/srv/portal',
  dataDir: '/srv/portal/data',
  gateways: ['127.0.0.1:8080', '127.0.0.1:8082'],
  serverName: 'example.com m.example.com',
  listen: '80',
  pageCacheDir: '/srv/portal/run/page-cache',
};

/** A regex (no anchors) matching the decimal integers 0..n-1 written without leading zeros. */
export function lessThanPattern(n: number): string {
  if (!Number.isInteger(n) || n < 1) throw new Error(`lessThanPattern: ${n}`);
  const digits = String(n - 1);
  const parts: string[] = [];
  // every shorter length
  if (digits.length > 1)
    parts.push(digits.length === 2 ? '[0-9]' : `[0-9]|[1-9][0-9]{0,${digits.length - 2}}`);
  // same length, prefix by prefix
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    const rest = digits.length - i - 1;
    const low = i === 0 && digits.length > 1 ? 1 : 0;
    const prefix = digits.slice(0, i);
    if (i === digits.length - 1) {
      parts.push(`${prefix}[${low}-${d}]`);
    } else if (d > low) {
      parts.push(`${prefix}[${low}-${d - 1}]${rest > 0 ? `[0-9]{${rest}}` : ''}`);
    }
  }
  return parts.join('|');
}

class PlaceholderQuery extends URLSearchParams {
  override get(key: string) {
    return `__Q_${key}__`;
  }
  override toString() {
    return '__ARGS__';
  }
}

function nginxLocation(pattern: string): { regex: string; params: string[] } {
  const params: string[] = [];
  const body = pattern
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        params.push(seg.slice(1));
        // nginx matches the decoded path: the pattern keeps CR, LF, '&', '?' and the rest out of captures.
        return `(?<p_${seg.slice(1)}>${paramPattern(seg.slice(1))})`;
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: `^${body}/?$`, params };
}

/** The rule's redirect target with nginx variables in place of params and query values. */
function nginxTarget(rule: (typeof ROUTES)[number], params: string[]): string {
  const match: RouteMatch = {
    params: Object.fromEntries(params.map((p) => [p, `__P_${p}__`])),
    query: new PlaceholderQuery(),
  };
  return rule.otherWidth!(match)
    .replace(/__P_(\w+)__/g, '$p_$1')
    .replace(/__Q_(\w+)__/g, '$arg_$1')
    .replace(/\?__ARGS__$/, '$is_args$args');
}

export function nginxConfig(options: NginxOptions = DEFAULT_NGINX_OPTIONS): string {
  const out: string[] = [];
  const line = (s = '') => out.push(s);
  const narrowVw = lessThanPattern(MOBILE_BREAKPOINT);
  line('# GENERATED by `pnpm --filter @portal/routes gen:nginx` from packages/routes (the route table).');
  line('# Do not edit by hand: change packages/routes/src/table.ts and regenerate.');
  line('# Include inside the http {} block.');
  line();
  const pageCache = options.pageCacheDir !== undefined;
  if (pageCache) {
    line("# Anonymous pages kept a few seconds per host, in front of the gateways' shared cache (README");
    line('# "Page cache and CDN"): bounded on disk, with the other temporary files.');
    line(nginxPageCachePath(options.pageCacheDir!));
    line();
  }
  const { maxFails, failTimeoutS } = options.passiveHealth ?? { maxFails: 3, failTimeoutS: 10 };
  line(
    `# Passive health: a gateway that fails ${maxFails} time(s) in ${failTimeoutS} s gets no requests for ${failTimeoutS} s.`,
  );
  line('upstream portal_gateway {');
  for (const g of options.gateways)
    line(`  server ${g} max_fails=${maxFails} fail_timeout=${failTimeoutS}s;`);
  line('  keepalive 64;');
  line('  keepalive_timeout 60s;');
  line('}');
  line();
  line(
    `# Reader width: the m. host, then the ${COOKIE.viewportWidth} cookie (< ${MOBILE_BREAKPOINT} is narrow), then a phone User-Agent.`,
  );
  line('map $host $portal_host_narrow {');
  line('  default 0;');
  line('  "~^m\\." 1;');
  line('}');
  line(`map $cookie_${COOKIE.viewportWidth} $portal_cookie_width {`);
  line('  default "";');
  line(`  "~^(?:${narrowVw})$" narrow;`);
  line('  "~^[0-9]{1,5}$" wide;');
  line('}');
  line('map $http_user_agent $portal_ua_width {');
  line('  default wide;');
  line(`  "~*(?:${PHONE_UA_PATTERN})" narrow;`);
  line('}');
  line('map "$portal_host_narrow:$portal_cookie_width:$portal_ua_width" $portal_width {');
  line('  default wide;');
  line('  "~^1:" narrow;');
  line('  "~^0:narrow:" narrow;');
  line('  "~^0:wide:" wide;');
  line('  "~^0::narrow$" narrow;');
  line('}');
  if (pageCache) for (const l of nginxPageCacheMaps()) line(l);
  line();
  line('server {');
  line(`  listen ${options.listen};`);
  line(`  server_name ${options.serverName};`);
  line('  client_max_body_size 60m;');
  for (const gzip of NGINX_GZIP) line(`  ${gzip}`);
  line();
  const realIpFrom = options.realIpFrom ?? [];
  const bad = realIpFrom.filter((source) => !REAL_IP_SOURCE.test(source));
  if (bad.length > 0) throw new Error(`NGINX_REAL_IP_FROM: not an address or CIDR: ${bad.join(', ')}`);
  if (realIpFrom.length > 0) {
    line('  # Load balancers in front (NGINX_REAL_IP_FROM): from these peers only, the reader is the last');
    line('  # X-Forwarded-For entry that is not one of them; it becomes $remote_addr, passed on below.');
    for (const source of realIpFrom) line(`  set_real_ip_from ${source};`);
    line('  real_ip_header X-Forwarded-For;');
    line('  real_ip_recursive on;');
  } else {
    line('  # No load balancer in front: the peer is the reader. Behind one (HTTPS ended there), generate');
    line('  # with NGINX_REAL_IP_FROM=<its addresses>, or every reader is its address to the per-IP limits.');
  }
  line();
  line('  proxy_http_version 1.1;');
  for (const l of PROXY_HEADERS) line(`  ${l}`);
  line(`  # Set by nginx's page locations only: a client's own never reaches a gateway.`);
  line(`  proxy_set_header ${NGINX_PAGE_HEADER} "";`);
  line('  # A gateway that refuses the connection, resets it or answers 502/504 (stopping, restarting):');
  line('  # the request goes to the next one. nginx never resends a POST that reached a gateway');
  line('  # (non_idempotent is not set); a refused connection carried nothing, so any method is retried.');
  line('  # A 503 is the answer of a gateway whose database is unavailable (all share it): it reaches the');
  line('  # reader as it is and marks no gateway failed (all of them failed would leave no live upstream).');
  line('  proxy_next_upstream error timeout http_502 http_504;');
  line('  proxy_next_upstream_tries 3;');
  line('  proxy_next_upstream_timeout 15s;');
  line();
  line(`  # Health of the gateway nginx reached (load balancers in front of several hosts probe these).`);
  for (const p of Object.values(HEALTH_PATHS)) {
    line(`  location = ${p} { proxy_pass http://portal_gateway; }`);
  }
  line();
  line('  # Hashed assets of each app: immutable, straight from disk.');
  for (const app of ['desktop', 'mobile', 'landing']) {
    line(`  location ^~ /assets/${app}/ {`);
    line(`    alias ${options.root}/apps/${app}/build/client/assets/${app}/;`);
    line('    add_header Cache-Control "public, max-age=31536000, immutable";');
    line('    try_files $uri =404;');
    line('  }');
  }
  line('  location ^~ /assets/ { return 404; }');
  line();
  line('  # Uploaded and seeded files: never executable, never sniffed. From disk when the file is here;');
  line('  # otherwise (STORAGE_URL: an S3-compatible store) the API streams it with the same headers.');
  line(`  location ^~ ${UPLOADS_PREFIX}/ {`);
  line(`    alias ${options.dataDir}/uploads/;`);
  line('    add_header X-Content-Type-Options nosniff always;');
  line(`    add_header Content-Security-Policy "${UPLOAD_CSP}" always;`);
  line(`    add_header Cache-Control "public, max-age=${UPLOAD_MAX_AGE_S}";`);
  line('    try_files $uri @stored_upload;');
  line('  }');
  line('  location @stored_upload { proxy_pass http://portal_gateway; }');
  line();
  line(`  location ^~ ${API_PREFIX}/ { proxy_pass http://portal_gateway; }`);
  line('  # Sitemaps: streamed by the API from the database, at any width.');
  line(`  location = ${SITEMAP_INDEX_PATH} { proxy_pass http://portal_gateway; }`);
  line(`  location ^~ ${SITEMAPS_PREFIX}/ { proxy_pass http://portal_gateway; }`);
  line();
  // `^~` prefix locations win over every regex location below: no width redirect, no .data rule.
  for (const rule of PREFIX_RULES) {
    line(`  # ${rule.prefix}: the ${rule.app} app at every width (a prefix rule of the route table).`);
    line(`  location ^~ ${rule.assets}/ {`);
    line(`    alias ${options.root}/apps/${rule.app}/build/client${rule.assets.slice(rule.prefix.length)}/;`);
    line('    add_header Cache-Control "public, max-age=31536000, immutable";');
    line('    try_files $uri =404;');
    line('  }');
    line(`  location ^~ ${rule.api}/ { proxy_pass http://portal_gateway; }`);
    line(`  location = ${rule.prefix} { proxy_pass http://portal_gateway; }`);
    line(`  location ^~ ${rule.prefix}/ { proxy_pass http://portal_gateway; }`);
  }
  line('  # React Router data requests go to the gateway as they are (never width-redirected).');
  line('  location ~ \\.data$ { proxy_pass http://portal_gateway; }');
  line();
  line('  # Everything else: the gateway picks the app (same table) and renders. The width redirects are');
  line('  # nested here, so every page location shares what this one sets.');
  line('  location / {');
  if (pageCache) for (const l of nginxPageCacheLocation(PROXY_HEADERS)) line(`    ${l}`);
  line('    proxy_pass http://portal_gateway;');
  line();
  line(
    `    # Width redirects (HTTP 302) of every route with an equivalent in the other app. Shared: ${SHARED_PATHS.join(' ')}`,
  );
  for (const rule of ROUTES) {
    if (!rule.otherWidth || rule.app === 'landing') continue;
    const { regex, params } = nginxLocation(rule.pattern);
    const from = rule.app === 'desktop' ? 'narrow' : 'wide';
    line(`    location ~ ${regex} {`);
    line(`      if ($portal_width = ${from}) { return 302 ${nginxTarget(rule, params)}; }`);
    line('      proxy_pass http://portal_gateway;');
    line('    }');
  }
  line('  }');
  line('}');
  return `${out.join('\n')}\n`;
}

/** What every request to a gateway carries (a location that sets its own headers repeats these). */
const PROXY_HEADERS = [
  'proxy_set_header Connection "";',
  '# The Host as the reader sent it, port included: the gateway checks it against PUBLIC_ORIGIN.',
  'proxy_set_header Host $http_host;',
  '# The reader nginx determined, replacing whatever the client sent: the gateway trusts this hop only',
  '# (TRUST_PROXY), so a forged X-Forwarded-For never chooses which per-IP limit a request counts against.',
  'proxy_set_header X-Forwarded-For $remote_addr;',
  'proxy_set_header X-Forwarded-Proto $scheme;',
  "# One id per request, carried into the gateway's and the API's log lines.",
  'proxy_set_header X-Request-Id $request_id;',
] as const;
