import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  seo: number;
  best_practices: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
}

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Lighthouse 12 (Lighthouse 13 needs Node 22) with Debian's Chromium. */
export async function runLighthouse(
  pages: { page: string; url: string; cookie: string; mobile: boolean }[],
): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  for (const p of pages) {
    // A fresh browser (and profile) per page: the vw cookie the page writes must not reach the next audit.
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    try {
      const result = await lighthouse(
        p.url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
          extraHeaders: { Cookie: p.cookie },
        },
        p.mobile ? undefined : desktopConfig,
      );
      if (!result) throw new Error(`lighthouse gave no result for ${p.url}`);
      const { categories, audits } = result.lhr;
      const score = (k: string) => Math.round((categories[k]?.score ?? 0) * 100);
      rows.push({
        page: p.page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        seo: score('seo'),
        best_practices: score('best-practices'),
        lcp_ms: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbt_ms: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      });
      console.log(
        `  ${p.page}: perf ${score('performance')}, a11y ${score('accessibility')}, seo ${score('seo')}`,
      );
    } finally {
      chrome.kill();
    }
  }
  return rows;
}
