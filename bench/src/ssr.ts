import fs from 'node:fs';
import path from 'node:path';
import { round } from './api';
import type { BudgetKind } from './budgets';
import { load, type LoadResult } from './load';
import type { NginxStatic } from './nginx-static';

export interface SsrPage {
  page: string;
  path: string;
  /** Cookie sent with every request (vw picks the app). */
  cookie: string;
  /** Audited as a phone (Lighthouse's mobile settings) rather than a desktop. */
  mobile: boolean;
  /** Which JavaScript budget the page is held to. */
  kind: BudgetKind;
}

/** The pages every SSR figure is measured on: home and an article, each as a desktop and a phone reads it. */
export function ssrPages(articleId: number): SsrPage[] {
  return [
    { page: 'desktop home', path: '/', cookie: 'vw=1350', mobile: false, kind: 'home' },
    {
      page: 'desktop article',
      path: `/news/${articleId}`,
      cookie: 'vw=1350',
      mobile: false,
      kind: 'article',
    },
    { page: 'mobile home', path: '/', cookie: 'vw=390', mobile: true, kind: 'home' },
    {
      page: 'mobile article',
      path: `/new_detail?id=${articleId}`,
      cookie: 'vw=390',
      mobile: true,
      kind: 'article',
    },
  ];
}

export interface SsrRow {
  page: string;
  /** Anonymous requests as readers send them (the gateway's ~1 s micro-cache applies). */
  cached: LoadResult;
  /** A unique query per request: every response is rendered. */
  rendered: LoadResult;
  /** The same HTML as a file from the server under test (the gateway; in the production shape, nginx's /uploads). */
  static_rps: number;
  rendered_of_static: number;
  /** The same HTML as a file from nginx with gzip, as production serves static files; null without nginx. */
  nginx_static_rps: number | null;
  /** cached ÷ nginx static: what DESIGN.md section 10's `cached_vs_nginx_static` compares. */
  cached_of_nginx_static: number | null;
  /** Whether each answer came gzip-compressed (every request asks for gzip, as browsers do). */
  gzip: { cached: boolean; static: boolean; nginx_static: boolean | null };
}

/** Where the nginx static reference comes from: a server of its own, or the static of the shape itself. */
export type NginxReference = NginxStatic | 'static-is-nginx' | null;

async function gzipped(url: string, cookie: string): Promise<boolean> {
  const res = await fetch(url, { headers: { cookie, 'accept-encoding': 'gzip' }, redirect: 'manual' });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  return res.headers.get('content-encoding') === 'gzip';
}

/** Server rendering through the gateway, beside the same HTML served as a static file by it and by nginx. */
export async function benchSsr(
  base: string,
  uploadsDir: string,
  pages: SsrPage[],
  seconds: number,
  nginx: NginxReference,
): Promise<SsrRow[]> {
  const rows: SsrRow[] = [];
  const dir = path.join(uploadsDir, 'bench');
  fs.mkdirSync(dir, { recursive: true });
  for (const p of pages) {
    const headers = { cookie: p.cookie, 'accept-encoding': 'gzip' };
    const res = await fetch(base + p.path, { headers: { cookie: p.cookie }, redirect: 'manual' });
    if (res.status !== 200) throw new Error(`${p.path} answered ${res.status}`);
    const name = `${p.page.replace(/\W+/g, '-')}.html`;
    const html = await res.text();
    fs.writeFileSync(path.join(dir, name), html);
    const staticUrl = `${base}/uploads/bench/${name}`;
    const rendered = await load({ url: base + p.path, headers, unique: true }, seconds);
    // Cached and static alternate, twice each, after the renders: on 2 shared cores one pass of each
    // in a row measured the order (and what the renders left running) as much as the servers.
    const nginxUrl = nginx && nginx !== 'static-is-nginx' ? `${nginx.url}/${name}` : null;
    if (nginxUrl) fs.writeFileSync(path.join((nginx as NginxStatic).dir, name), html);
    const passes: { cached: LoadResult; stat: LoadResult; nginx: LoadResult | null }[] = [];
    for (let pass = 0; pass < 2; pass++) {
      const stat = await load({ url: staticUrl, headers }, seconds);
      const nginxPass = nginxUrl ? await load({ url: nginxUrl, headers }, seconds) : null;
      const cachedPass = await load({ url: base + p.path, headers }, seconds);
      passes.push({ cached: cachedPass, stat, nginx: nginxPass });
    }
    const best = (pick: (x: (typeof passes)[number]) => LoadResult) =>
      passes.map(pick).reduce((a, b) => (b.rps > a.rps ? b : a));
    const cached = best((x) => x.cached);
    const stat = best((x) => x.stat);
    let nginxRps: number | null = null;
    let nginxGzip: boolean | null = null;
    if (nginx === 'static-is-nginx') {
      nginxRps = stat.rps;
    } else if (nginxUrl) {
      nginxRps = best((x) => x.nginx!).rps;
      nginxGzip = await gzipped(nginxUrl, p.cookie);
    }
    const staticGzip = await gzipped(staticUrl, p.cookie);
    const gzip = {
      cached: await gzipped(base + p.path, p.cookie),
      static: staticGzip,
      nginx_static: nginx === 'static-is-nginx' ? staticGzip : nginxGzip,
    };
    rows.push({
      page: p.page,
      cached,
      rendered,
      static_rps: stat.rps,
      rendered_of_static: round(rendered.rps / stat.rps),
      nginx_static_rps: nginxRps,
      cached_of_nginx_static: nginxRps ? round(cached.rps / nginxRps) : null,
      gzip,
    });
    console.log(
      `  ${p.page}: rendered ${rendered.rps} req/s p99 ${rendered.p99} ms, cached ${cached.rps} req/s, static ${stat.rps} req/s, nginx static ${nginxRps ?? '–'} req/s`,
    );
  }
  return rows;
}
