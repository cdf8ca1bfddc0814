import fs from 'node:fs';
import path from 'node:path';
import { round, type ApiRow } from './api';
import type { BundleRow } from './bundles';
import type { LighthouseRow } from './lighthouse';
import type { ModerationResult } from './moderation';
import type { NewsletterResult } from './newsletter';
import type { ProdShapeResult } from './prod/bench';
import type { ReaderStatsResult } from './reader-stats';
import type { RenderProfile } from './profile';
import { ROOT } from './proc';
import type { SsrRow } from './ssr';

export interface Results {
  date: string;
  machine: { cores: number; cpu: string; memory_gib: number; node: string };
  seconds_per_run: number;
  connections: number;
  api: { label: string; articles: number; rows: ApiRow[] }[];
  scale: {
    label: string;
    articles: number;
    rows: ApiRow[];
    vs_demo: { call: string; p50_ratio: number; p99_ratio: number; rps_ratio: number }[];
  }[];
  ssr?: SsrRow[];
  /** CPU profiles of the gateway rendering one page per request. */
  profiles?: RenderProfile[];
  bundles: BundleRow[];
  lighthouse?: LighthouseRow[];
  memory?: { gateway_peak_rss_mib: number };
  /** The production shape (nginx, workers, PostgreSQL, Redis) measured in the same run. */
  prod?: ProdShapeResult | null;
  /** The sensitive-word check against a 100,000-word dictionary (issue 26). */
  moderation?: ModerationResult;
  /** One newsletter issue through the outbox (issue 25). */
  newsletter?: NewsletterResult;
  /** Reader statistics (issue 25): per-day counting's cost to article_pv, the dashboard's queries. */
  reader_stats?: ReaderStatsResult;
  duration_s: number;
}

/** The headline figures of a run by name, to set a run beside the previous results file. */
export function figures(r: Results): Map<string, number> {
  const f = new Map<string, number>();
  for (const a of r.api) for (const x of a.rows) f.set(`API ${a.label} · ${x.call} req/s`, x.rps);
  for (const s of r.scale) for (const x of s.rows) f.set(`${s.label} · ${x.call} p50 ms`, x.p50);
  const ssr = (prefix: string, rows: SsrRow[] | undefined) => {
    for (const x of rows ?? []) {
      f.set(`${prefix}${x.page} rendered req/s`, x.rendered.rps);
      f.set(`${prefix}${x.page} rendered p99 ms`, x.rendered.p99);
      f.set(`${prefix}${x.page} rendered of static`, x.rendered_of_static);
      f.set(`${prefix}${x.page} cached of static`, round(x.cached.rps / x.static_rps));
    }
  };
  ssr('SSR ', r.ssr);
  for (const l of r.lighthouse ?? []) {
    f.set(`Lighthouse ${l.page} accessibility`, l.accessibility);
    if (l.js_kb !== undefined) f.set(`Lighthouse ${l.page} JS KB`, l.js_kb);
  }
  if (r.memory) f.set('Gateway peak RSS MiB', r.memory.gateway_peak_rss_mib);
  if (r.moderation) {
    f.set('Sensitive words · 1 MB article CPU ms', r.moderation.article_ms);
    f.set('Sensitive words · 10 KB form answer CPU ms', r.moderation.form_ms);
  }
  if (r.newsletter) {
    f.set('Newsletter outbox messages/s', r.newsletter.per_second);
    f.set('Newsletter outbox peak RSS MiB', r.newsletter.peak_rss_mib);
  }
  if (r.reader_stats) {
    f.set('article_pv daily counting on/off req/s ratio', r.reader_stats.pageview.rps_ratio);
    for (const d of r.reader_stats.dashboard) f.set(`Dashboard ${d.call} p95 ms`, d.p95_ms);
  }
  if (r.prod) {
    for (const x of r.prod.api) f.set(`Production shape API · ${x.call} req/s`, x.rps);
    ssr('Production shape SSR ', r.prod.ssr);
    f.set('Production shape worker peak RSS MiB (max)', Math.max(...r.prod.worker_peak_rss_mib));
  }
  return f;
}

function table(head: string[], rows: (string | number | boolean | null)[][]): string {
  const line = (cells: (string | number | boolean | null)[]) =>
    `| ${cells.map((c) => (c === null ? '–' : String(c))).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function ssrTable(rows: SsrRow[]): string {
  return table(
    [
      'page',
      'rendered req/s',
      'rendered p99 ms',
      'cached req/s',
      'cached p99 ms',
      'static req/s',
      'rendered of static',
      'cached of static',
    ],
    rows.map((x) => [
      x.page,
      x.rendered.rps,
      x.rendered.p99,
      x.cached.rps,
      x.cached.p99,
      x.static_rps,
      x.rendered_of_static,
      round(x.cached.rps / x.static_rps),
    ]),
  );
}

export function toMarkdown(r: Results): string {
  const out: string[] = [];
  out.push(`# Benchmark results`, '');
  out.push(
    `${r.date} · ${r.machine.cores} cores (${r.machine.cpu}) · ${r.machine.memory_gib} GiB · Node ${r.machine.node} · ${r.connections} connections, ${r.seconds_per_run} s per run · whole run ${r.duration_s} s`,
    '',
  );
  for (const a of r.api) {
    out.push(`## API throughput (${a.label}, ${a.articles} articles)`, '');
    out.push('Ceiling: a bare Node `http` server answering the same JSON bytes in the same run.', '');
    out.push(
      table(
        ['call', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ceiling req/s', 'of ceiling'],
        a.rows.map((x) => [x.call, x.rps, x.p50, x.p99, x.errors + x.non2xx, x.ref_rps, x.of_ceiling]),
      ),
      '',
    );
  }
  if (r.reader_stats) {
    const rs = r.reader_stats;
    out.push(`## Reader statistics (${rs.label})`, '');
    out.push(
      `article_pv with per-day counting (STATS_RETENTION_DAYS=400) against the same call without it (0): ${rs.pageview.rps_ratio} of the throughput (target ≥ 0.9).`,
      '',
      table(
        ['article_pv', 'req/s', 'p50 ms', 'p99 ms', 'errors'],
        [
          [
            'daily counting on',
            rs.pageview.with_daily.rps,
            rs.pageview.with_daily.p50,
            rs.pageview.with_daily.p99,
            rs.pageview.with_daily.errors + rs.pageview.with_daily.non2xx,
          ],
          [
            'daily counting off',
            rs.pageview.without_daily.rps,
            rs.pageview.without_daily.p50,
            rs.pageview.without_daily.p99,
            rs.pageview.without_daily.errors + rs.pageview.without_daily.non2xx,
          ],
        ],
      ),
      '',
      table(
        ['dashboard call', 'p50 ms', 'p95 ms', 'calls'],
        rs.dashboard.map((d) => [d.call, d.p50_ms, d.p95_ms, d.n]),
      ),
      '',
    );
  }
  for (const s of r.scale) {
    out.push(`## Scale: ${s.label} (${s.articles} articles)`, '');
    out.push(
      'Ratios are this database against the demo-size database with the read cache off, in the same run (1 = no growth in cost).',
      '',
    );
    out.push(
      table(
        ['call', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'p50 × demo', 'p99 × demo', 'req/s × demo'],
        s.rows.map((x, i) => [
          x.call,
          x.rps,
          x.p50,
          x.p99,
          x.errors + x.non2xx,
          s.vs_demo[i].p50_ratio,
          s.vs_demo[i].p99_ratio,
          s.vs_demo[i].rps_ratio,
        ]),
      ),
      '',
    );
  }
  if (r.ssr?.length) {
    out.push('## Server rendering through the gateway (anonymous)', '');
    out.push(
      '“rendered” sends a unique query each time so every response is rendered; “cached” is what readers get with the ~1 s micro-cache; “static” is the same HTML served as a file by the same gateway.',
      '',
    );
    out.push(ssrTable(r.ssr), '');
  }
  for (const p of r.profiles ?? []) {
    out.push(`## Where a server render's time goes: ${p.page} (CPU profile)`, '');
    out.push(
      `\`node --cpu-prof\` on the gateway while it renders the page for every request (${p.requests} pages): ${p.cpu_ms_per_page} ms of CPU per page. Shares of the sampled CPU time (idle excluded); a stage owns a sample when its frame is the innermost one on the stack that names a stage.`,
      '',
    );
    const shareRows = (xs: RenderProfile['by_stage']) =>
      xs.map((x) => [x.name, `${round(x.share * 100, 1)} %`]);
    out.push(table(['stage', 'share'], shareRows(p.by_stage)), '');
    out.push(table(['package (self time)', 'share'], shareRows(p.by_package)), '');
    out.push(table(['function (self time)', 'share'], shareRows(p.top_functions)), '');
  }
  out.push('## First-load bundles (gzip KB)', '');
  out.push(
    table(
      ['app', 'route', 'kind', 'JS KB', 'CSS KB', 'budget KB', 'within'],
      r.bundles.map((b) => [b.app, b.route, b.kind, b.js_kb, b.css_kb, b.budget_kb, b.within]),
    ),
    '',
  );
  if (r.lighthouse?.length) {
    out.push('## Lighthouse 12 (Debian Chromium)', '');
    out.push(
      table(
        [
          'page',
          'performance',
          'accessibility',
          'SEO',
          'best practices',
          'LCP ms',
          'TBT ms',
          'CLS',
          'JS KB (every script, as sent)',
          'JS budget KB',
          'within',
        ],
        r.lighthouse.map((l) => [
          l.page,
          l.performance,
          l.accessibility,
          l.seo,
          l.best_practices,
          l.lcp_ms,
          l.tbt_ms,
          l.cls,
          l.js_kb ?? null,
          l.js_budget_kb ?? null,
          l.js_within ?? null,
        ]),
      ),
      '',
    );
  }
  if (r.memory)
    out.push(
      '## Memory',
      '',
      `Gateway peak RSS during the load runs: ${r.memory.gateway_peak_rss_mib} MiB`,
      '',
    );
  if (r.prod) {
    out.push(`## Production shape: ${r.prod.label}`, '');
    out.push(
      'The same calls and pages through nginx (`npm run start:prod`), in the same run as the single process above.',
      '',
    );
    out.push(
      table(
        ['call', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ceiling req/s', 'of ceiling'],
        r.prod.api.map((x) => [x.call, x.rps, x.p50, x.p99, x.errors + x.non2xx, x.ref_rps, x.of_ceiling]),
      ),
      '',
    );
    out.push(ssrTable(r.prod.ssr), '');
    out.push(`Gateway worker peak RSS: ${r.prod.worker_peak_rss_mib.join(' / ')} MiB`, '');
  }
  if (r.newsletter) {
    const n = r.newsletter;
    out.push(
      `### Newsletter through the outbox: ${n.messages} messages in ${n.seconds} s (${n.per_second}/s); ` +
        `RSS ${n.rss_first_quarter_mib} MiB after the first quarter, ${n.rss_last_quarter_mib} MiB in the last, peak ${n.peak_rss_mib} MiB`,
      '',
    );
  }
  if (r.moderation) {
    const m = r.moderation;
    out.push(
      `### Sensitive-word check (${m.words} words; automaton built in ${m.build_ms} ms, ${m.heap_mib} MiB)`,
      '',
      `Load ${m.load.join(' / ')}; CPU ms over ${m.article.runs} (article) and ${m.form.runs} (form) runs after ` +
        `${m.article.warmup} and ${m.form.warmup} unmeasured warm-up runs; hits hash ${m.article_digest.slice(0, 12)}`,
      '',
      table(
        ['text', 'bytes', 'hits', 'min ms', 'median ms', 'p95 ms', 'target ms'],
        [
          [
            'article (HTML text, match, mask)',
            m.article_bytes,
            m.article_hits,
            m.article.min_ms,
            m.article.median_ms,
            m.article.p95_ms,
            m.article_target_ms,
          ],
          [
            'form answer',
            m.form_bytes,
            null,
            m.form.min_ms,
            m.form.median_ms,
            m.form.p95_ms,
            m.form_target_ms,
          ],
        ],
      ),
      '',
    );
  }
  return out.join('\n');
}

/** Each figure of this run beside the same figure of the results file it replaces. */
export function comparison(now: Results, previous: Results): string {
  const before = figures(previous);
  const rows: (string | number | null)[][] = [];
  for (const [name, value] of figures(now)) {
    const old = before.get(name);
    const change = old ? `${value >= old ? '+' : ''}${Math.round(((value - old) / old) * 100)} %` : null;
    rows.push([name, old ?? null, value, change]);
  }
  return [
    `## Against the previous results (${previous.date})`,
    '',
    'Higher is better for req/s, ratios and scores; lower for ms and MiB.',
    '',
    table(['figure', 'previous', 'now', 'change'], rows),
  ].join('\n');
}

export function writeReport(r: Results): void {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'latest.json');
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Results) : null;
  if (previous) fs.writeFileSync(path.join(dir, 'previous.json'), JSON.stringify(previous, null, 2) + '\n');
  fs.writeFileSync(file, JSON.stringify(r, null, 2) + '\n');
  const md = previous ? `${toMarkdown(r)}\n${comparison(r, previous)}\n` : toMarkdown(r);
  fs.writeFileSync(path.join(dir, 'latest.md'), md + '\n');
  console.log('\n' + md);
}
