import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { JS_BUDGET_KB, type BudgetKind } from './budgets';

export interface LighthouseRow {
  page: string;
  performance: number;
  accessibility: number;
  seo: number;
  best_practices: number;
  lcp_ms: number;
  tbt_ms: number;
  cls: number;
  /** Every script requested while the page loads, as sent (compressed, with headers), KB. */
  js_kb: number;
  js_budget_kb: number;
  js_within: boolean;
}

interface ResourceSummaryItem {
  resourceType: string;
  transferSize: number;
}

/** Lighthouse's own count of the scripts a page loaded (its resource-summary audit), KB. */
function scriptKb(audit: { details?: unknown } | undefined): number {
  const items = (audit?.details as { items?: ResourceSummaryItem[] } | undefined)?.items ?? [];
  const bytes = items.find((i) => i.resourceType === 'script')?.transferSize;
  if (bytes === undefined) throw new Error('lighthouse gave no script total');
  return Math.round((bytes / 1024) * 10) / 10;
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
  pages: { page: string; url: string; cookie: string; mobile: boolean; kind: BudgetKind }[],
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
      const jsKb = scriptKb(audits['resource-summary']);
      const budget = JS_BUDGET_KB[p.kind];
      rows.push({
        page: p.page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        seo: score('seo'),
        best_practices: score('best-practices'),
        lcp_ms: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbt_ms: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        js_kb: jsKb,
        js_budget_kb: budget,
        js_within: jsKb <= budget,
      });
      console.log(
        `  ${p.page}: perf ${score('performance')}, a11y ${score('accessibility')}, seo ${score('seo')}, JS ${jsKb} KB (budget ${budget})`,
      );
    } finally {
      chrome.kill();
    }
  }
  return rows;
}
