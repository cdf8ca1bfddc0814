import fs from 'node:fs';
import path from 'node:path';
import { round } from './api';
import type { BudgetKind } from './budgets';
import { load, type LoadResult } from './load';

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
  static_rps: number;
  rendered_of_static: number;
}

/** Server rendering through the gateway, beside the same HTML served as a static file by it. */
export async function benchSsr(
  base: string,
  uploadsDir: string,
  pages: SsrPage[],
  seconds: number,
): Promise<SsrRow[]> {
  const rows: SsrRow[] = [];
  const dir = path.join(uploadsDir, 'bench');
  fs.mkdirSync(dir, { recursive: true });
  for (const p of pages) {
    const headers = { cookie: p.cookie, 'accept-encoding': 'gzip' };
    const res = await fetch(base + p.path, { headers: { cookie: p.cookie }, redirect: 'manual' });
    if (res.status !== 200) throw new Error(`${p.path} answered ${res.status}`);
    const name = `${p.page.replace(/\W+/g, '-')}.html`;
    fs.writeFileSync(path.join(dir, name), await res.text());
    const cached = await load({ url: base + p.path, headers }, seconds);
    const rendered = await load({ url: base + p.path, headers, unique: true }, seconds);
    const stat = await load({ url: `${base}/uploads/bench/${name}`, headers }, seconds);
    rows.push({
      page: p.page,
      cached,
      rendered,
      static_rps: stat.rps,
      rendered_of_static: round(rendered.rps / stat.rps),
    });
    console.log(
      `  ${p.page}: rendered ${rendered.rps} req/s p99 ${rendered.p99} ms, cached ${cached.rps} req/s, static ${stat.rps} req/s`,
    );
  }
  return rows;
}
