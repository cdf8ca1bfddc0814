import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NGINX_OPTIONS, lessThanPattern, nginxConfig, parseRealIpFrom } from './nginx';
import { ANONYMOUS_COOKIES, NGINX_PAGE_HEADER, anonymousCookiePattern } from './nginx-page-cache';

describe('lessThanPattern', () => {
  it.each([960, 1100, 10, 1, 100, 7])('matches exactly 0..%i-1', (n) => {
    const re = new RegExp(`^(?:${lessThanPattern(n)})$`);
    for (let i = 0; i < n * 3 + 20; i++) expect(re.test(String(i)), `${i} < ${n}`).toBe(i < n);
  });
});

describe('nginx config', () => {
  const conf = nginxConfig();

  it('redirects every width-paired route with its parameters', () => {
    expect(conf).toContain(
      'location ~ ^/video/?$ {\n      if ($portal_width = narrow) { return 302 /video_List; }',
    );
    expect(conf).toContain(
      'location ~ ^/video_List/?$ {\n      if ($portal_width = wide) { return 302 /video; }',
    );
    expect(conf).toContain(
      'location ~ ^/AI/(?<p_id>[0-9]+)/?$ {\n      if ($portal_width = narrow) { return 302 /AI/news/$p_id; }',
    );
    // The phone page of /news/{id} and /secret depends on the article's category: the gateway asks the API.
    expect(conf).not.toContain('location ~ ^/news/');
    expect(conf).not.toContain('location ~ ^/secret');
    expect(conf).toContain('return 302 /new_search$is_args$args;');
    expect(conf).toContain('return 302 /video_detail?id=$arg_id;');
  });

  it('leaves landing routes and single-app routes to the gateway', () => {
    expect(conf).not.toMatch(/location ~ \^\/vendor/);
    expect(conf).not.toMatch(/location ~ \^\/about/);
  });

  it('routes each prefix rule to its app at every width, ahead of the width redirects', () => {
    expect(conf).toContain('location = /admin { proxy_pass http://portal_gateway; }');
    expect(conf).toContain('location ^~ /admin/ { proxy_pass http://portal_gateway; }');
    expect(conf).toContain('location ^~ /admin/api/ { proxy_pass http://portal_gateway; }');
    expect(conf).toContain(
      `location ^~ /admin/assets/ {\n    alias ${DEFAULT_NGINX_OPTIONS.root}/apps/admin/build/client/assets/;`,
    );
    // Prefix locations come before every regex location (nginx picks ^~ prefixes over regexes anyway).
    expect(conf.indexOf('location ^~ /admin/')).toBeLessThan(conf.indexOf('location ~ '));
    expect(conf).not.toMatch(/location ~ \^\/admin/);
  });

  it('is the committed deploy/nginx.conf (regenerate with pnpm --filter @portal/routes gen:nginx)', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const committed = readFileSync(path.resolve(here, '../../../deploy/nginx.conf'), 'utf8');
    expect(committed).toBe(nginxConfig(DEFAULT_NGINX_OPTIONS));
  });
});

describe('a load balancer in front (NGINX_REAL_IP_FROM)', () => {
  it('believes X-Forwarded-For from the named balancers only, and passes the reader on', () => {
    const conf = nginxConfig({ ...DEFAULT_NGINX_OPTIONS, realIpFrom: ['10.0.0.5', 'fd00::/8'] });
    expect(conf).toContain(
      '  set_real_ip_from 10.0.0.5;\n  set_real_ip_from fd00::/8;\n  real_ip_header X-Forwarded-For;\n  real_ip_recursive on;\n',
    );
    expect(conf).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    // Without it nothing is believed.
    expect(nginxConfig(DEFAULT_NGINX_OPTIONS)).not.toContain('set_real_ip_from');
  });

  it('refuses anything but addresses and CIDRs, so no value can end the directive', () => {
    expect(parseRealIpFrom(' 10.0.0.5, 10.1.0.0/16 ,, ::1 ')).toEqual({
      sources: ['10.0.0.5', '10.1.0.0/16', '::1'],
      bad: [],
    });
    expect(parseRealIpFrom('10.0.0.5;include /etc/passwd,lb.example.com').bad).toEqual([
      '10.0.0.5;include /etc/passwd',
      'lb.example.com',
    ]);
    expect(parseRealIpFrom(undefined)).toEqual({ sources: [], bad: [] });
    expect(() => nginxConfig({ ...DEFAULT_NGINX_OPTIONS, realIpFrom: ['0.0.0.0/0; deny all'] })).toThrow(
      /NGINX_REAL_IP_FROM/,
    );
  });
});

describe("nginx's page cache (issue 27)", () => {
  const conf = nginxConfig();
  /** The `location / { … }` block: the page locations (the width redirects are nested in it). */
  const pages = conf.slice(conf.indexOf('  location / {'), conf.lastIndexOf('\n  }\n'));

  it('is on in the page locations only', () => {
    expect(conf).toContain(`proxy_cache_path ${DEFAULT_NGINX_OPTIONS.pageCacheDir} `);
    expect(conf.match(/proxy_cache portal_pages;/g)).toHaveLength(1);
    expect(pages).toContain('proxy_cache portal_pages;');
    expect(pages).toContain('location ~ ^/video/?$');
    // Every other location before it is one line or serves files: no cache.
    const before = conf.slice(0, conf.indexOf('  location / {'));
    expect(before).not.toMatch(/proxy_cache |gunzip|Accept-Encoding/);
    expect(before).toContain('location ~ \\.data$ { proxy_pass http://portal_gateway; }');
    // A client's own page header never reaches a gateway; nginx sets it in the page locations.
    expect(before).toContain(`proxy_set_header ${NGINX_PAGE_HEADER} "";`);
    expect(pages).toContain(`proxy_set_header ${NGINX_PAGE_HEADER} "$portal_width;$cookie_cookie_consent";`);
  });

  it('keeps what the gateway marks, never an answer setting a cookie, never for a personal request', () => {
    const ignored = /proxy_ignore_headers ([^;]*);/.exec(pages)?.[1] ?? '';
    expect(ignored.split(' ').sort()).toEqual(['Cache-Control', 'Expires', 'Vary']);
    expect(pages).not.toMatch(/proxy_cache_valid/);
    expect(pages).toContain('proxy_cache_bypass $portal_personal $http_authorization;');
    expect(pages).toContain('proxy_no_cache $portal_personal $http_authorization;');
    expect(pages).toContain('proxy_cache_lock on;');
    // Kept compressed (the gateway's stored gzip), inflated for a reader that takes no gzip.
    expect(pages).toContain('proxy_set_header Accept-Encoding gzip;');
    expect(pages).toContain('gunzip on;');
  });

  it('repeats the server-wide request headers where it sets its own', () => {
    const server = [...conf.slice(0, conf.indexOf('  location ')).matchAll(/^ {2}proxy_set_header (\S+) /gm)];
    for (const [, name] of server) {
      if (name === NGINX_PAGE_HEADER) continue;
      expect(pages, name).toMatch(new RegExp(`^ {4}proxy_set_header ${name} `, 'm'));
    }
  });

  it('is off without a directory (NGINX_PAGE_CACHE_S=0)', () => {
    const off = nginxConfig({ ...DEFAULT_NGINX_OPTIONS, pageCacheDir: undefined });
    expect(off).not.toMatch(/proxy_cache|gunzip/);
    expect(off).toContain(`proxy_set_header ${NGINX_PAGE_HEADER} "";`);
  });

  it('treats a request as anonymous only with no cookie but the width and consent ones', () => {
    expect(ANONYMOUS_COOKIES).toEqual(['vw', 'cookie_consent']);
    const anonymous = new RegExp(anonymousCookiePattern());
    for (const cookie of ['', 'vw=1280', 'vw=390; cookie_consent=1', 'cookie_consent=1;vw=1', 'vw=1;', 'vw='])
      expect(anonymous.test(cookie), cookie).toBe(true);
    // Stricter than the gateway where they could differ: a name written otherwise is personal.
    for (const cookie of [
      'stoken=a',
      'vw=1; stoken=a',
      'stoken=a; vw=1',
      'VW=1',
      'vw =1',
      'vwx=1',
      'x',
      'vw=1,x=2;y=3',
    ])
      expect(anonymous.test(cookie), cookie).toBe(false);
  });

  it('reads a long hostile Cookie header in linear time', () => {
    const anonymous = new RegExp(anonymousCookiePattern());
    const began = performance.now();
    expect(anonymous.test(`${'vw=1;'.repeat(20_000)}vw=1;x`)).toBe(false);
    expect(anonymous.test(`${'vw='.repeat(20_000)};x`)).toBe(false);
    expect(performance.now() - began).toBeLessThan(200);
  });
});
