import fs from 'node:fs';
import path from 'node:path';
import { round, type ApiRow } from './api';
import type { DashboardRow } from './dashboard';
import type { RenderProfile } from './profile';
import { ROOT } from './proc';
import type { Results, TargetRow } from './results';
import type { SsrRow } from './ssr';
import { meetsTarget, targetRows, targetWhat } from './targets';

/** The headline figures of a run by name, to set a run beside the previous results file. */
export function figures(r: Results): Map<string, number> {
  const f = new Map<string, number>();
  for (const a of r.api) for (const x of a.rows) f.set(`API ${a.label} · ${x.call} req/s`, x.rps);
  for (const s of r.scale) {
    for (const x of s.rows) f.set(`${s.label} · ${x.call} p50 ms`, x.p50);
    for (const x of s.vs_demo) f.set(`${s.label} · ${x.call} req/s × demo`, x.rps_ratio);
  }
  for (const d of r.dashboard_scale?.calls ?? []) f.set(`Dashboard at scale ${d.call} p95 ms`, d.p95_ms);
  for (const t of r.targets ?? []) if (t.value !== null) f.set(`Target ${t.name}`, t.value);
  const ssr = (prefix: string, rows: SsrRow[] | undefined) => {
    for (const x of rows ?? []) {
      f.set(`${prefix}${x.page} rendered req/s`, x.rendered.rps);
      f.set(`${prefix}${x.page} rendered p99 ms`, x.rendered.p99);
      f.set(`${prefix}${x.page} rendered of static`, x.rendered_of_static);
      f.set(`${prefix}${x.page} cached of static`, round(x.cached.rps / x.static_rps));
      if (x.cached_of_nginx_static !== null && x.cached_of_nginx_static !== undefined)
        f.set(`${prefix}${x.page} cached of nginx static`, x.cached_of_nginx_static);
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

function ssrTable(rows: SsrRow[], staticBy: string): string {
  return table(
    [
      'page',
      'rendered req/s',
      'rendered p95 ms',
      'rendered p99 ms',
      'cached req/s',
      'cached p95 ms',
      'cached p99 ms',
      `static req/s (${staticBy})`,
      'nginx static req/s',
      'rendered of static',
      'cached of static',
      'cached of nginx static',
      'load',
    ],
    rows.map((x) => [
      x.page,
      x.rendered.rps,
      x.rendered.p95,
      x.rendered.p99,
      x.cached.rps,
      x.cached.p95,
      x.cached.p99,
      x.static_rps,
      x.nginx_static_rps ?? null,
      x.rendered_of_static,
      round(x.cached.rps / x.static_rps),
      x.cached_of_nginx_static ?? null,
      x.cached.load1 ?? null,
    ]),
  );
}

const apiTable = (rows: ApiRow[]) =>
  table(
    ['call', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'ceiling req/s', 'of ceiling', 'load'],
    rows.map((x) => [
      x.call,
      x.rps,
      x.p50,
      x.p95 ?? null,
      x.p99,
      x.errors + x.non2xx,
      x.ref_rps,
      x.of_ceiling,
      x.load1 ?? null,
    ]),
  );

const dashboardTable = (rows: DashboardRow[]) =>
  table(
    ['dashboard call', 'p50 ms', 'p95 ms', 'p99 ms', 'calls', 'within 200 ms (p95)', 'load'],
    rows.map((d) => [d.call, d.p50_ms, d.p95_ms, d.p99_ms ?? null, d.n, d.p95_ms <= 200, d.load1 ?? null]),
  );

function targetsTable(rows: TargetRow[]): string {
  return table(
    ['target', 'what', 'value', 'target', 'unit', 'met', 'note'],
    rows.map((t) => [t.name, targetWhat(t.name), t.value, t.target, t.unit, meetsTarget(t), t.note ?? null]),
  );
}

export function toMarkdown(r: Results): string {
  const out: string[] = [];
  out.push(`# Benchmark results`, '');
  out.push(
    `${r.date} · ${r.machine.cores} cores (${r.machine.cpu}) · ${r.machine.memory_gib} GiB · Node ${r.machine.node} · ${r.connections} connections, ${r.seconds_per_run} s per run · whole run ${r.duration_s} s`,
    '',
  );
  if (r.targets) {
    out.push('## Targets (DESIGN.md section 10)', '', targetsTable(r.targets), '');
  }
  for (const a of r.api) {
    out.push(`## API throughput (${a.label}, ${a.articles} articles)`, '');
    out.push(
      'Ceiling: a bare Node `http` server answering the same JSON bytes in the same run. Load: the 1-minute load average (`uptime`) when the run ended, on 2 cores shared with other work.',
      '',
    );
    out.push(apiTable(a.rows), '');
  }
  if (r.reader_stats) {
    const rs = r.reader_stats;
    out.push(`## Reader statistics (${rs.label})`, '');
    out.push(
      `article_pv with per-day counting (STATS_RETENTION_DAYS=400) against the same call without it (0), each the mean of two runs (off, on, on, off): ${rs.pageview.rps_ratio} of the throughput (target ≥ 0.9).`,
      '',
      table(
        ['article_pv', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'load'],
        (
          [
            ['daily counting on', rs.pageview.with_daily],
            ['daily counting off', rs.pageview.without_daily],
          ] as const
        ).map(([name, x]) => [name, x.rps, x.p50, x.p95, x.p99, x.errors + x.non2xx, x.load1]),
      ),
      '',
      dashboardTable(rs.dashboard),
      '',
    );
  }
  for (const s of r.scale) {
    out.push(`## Scale: ${s.label} (${s.articles} articles)`, '');
    out.push(
      `Each call against the same call on **${s.reference}** in the same run (× demo: 1 = no growth in cost; req/s × demo below 1 = slower at scale).`,
      '',
      table(
        [
          'call',
          'req/s',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'errors',
          'demo req/s',
          'p50 × demo',
          'p95 × demo',
          'p99 × demo',
          'req/s × demo',
          'load',
        ],
        s.rows.map((x, i) => [
          x.call,
          x.rps,
          x.p50,
          x.p95,
          x.p99,
          x.errors + x.non2xx,
          s.reference_rows?.[i]?.rps ?? null,
          s.vs_demo[i]!.p50_ratio,
          s.vs_demo[i]!.p95_ratio ?? null,
          s.vs_demo[i]!.p99_ratio,
          s.vs_demo[i]!.rps_ratio,
          x.load1 ?? null,
        ]),
      ),
      '',
    );
    if (s.dialect === 'postgres' && s.reference_rows) {
      out.push(`### ${s.reference} (the reference above)`, '', apiTable(s.reference_rows), '');
    }
  }
  if (r.dashboard_scale) {
    const d = r.dashboard_scale;
    const v = d.daily_rows;
    out.push(`## Dashboard at scale: ${d.label}, ${v.rows} daily rows`, '');
    out.push(
      `\`article_views_daily\` holds ${v.days} days (${v.first_day} to ${v.last_day}) from \`pnpm seed --daily-views\`: ` +
        `${v.articles_per_day} articles read a day on average, ${v.rows_per_day} rows a day (article × source × device), ${v.views} views. ` +
        'Each call made one at a time by a signed-in editor (after 3 unmeasured ones), up to 100 times or 20 s; target p95 200 ms.',
      '',
      dashboardTable(d.calls),
      '',
    );
  }
  if (r.ssr?.length) {
    out.push('## Server rendering through the gateway (anonymous)', '');
    out.push(
      '“rendered” sends a unique query each time so every response is rendered; “cached” is what readers get with the ~1 s micro-cache; “static” is the same HTML served as a file by the same gateway; “nginx static” the same file from nginx with gzip, as production serves files (a temp config with start:prod’s http settings). Cached and static are measured after the rendered run, alternating, and each is the better of two passes. Every request asks for gzip.',
      '',
    );
    out.push(ssrTable(r.ssr, 'gateway file'), '');
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
    out.push(apiTable(r.prod.api), '');
    out.push(ssrTable(r.prod.ssr, 'nginx /uploads file'), '');
    out.push(`Gateway worker peak RSS: ${r.prod.worker_peak_rss_mib.join(' / ')} MiB`, '');
  }
  if (r.newsletter) {
    const n = r.newsletter;
    out.push(
      `## Newsletter through the outbox: ${n.messages} messages in ${n.seconds} s (${n.per_second}/s), peak RSS ${n.peak_rss_mib} MiB`,
      '',
      `One issue to ${n.messages} subscribers by one sending process (\`pnpm --filter api bench:newsletter\`, SQLite, NEWSLETTER_RATE_PER_MIN at its maximum so the pacing never waits), ${n.outbox_files} \`.eml\` files written to \`DATA_DIR/mail-outbox\`. Memory read as the send went on (load ${n.load1 ?? '–'} at the end):`,
      '',
      table(
        ['sent', 's', 'RSS MiB', 'heap used MiB', 'heap after a full GC MiB'],
        (n.rss ?? []).map((x) => [x.sent, x.seconds, x.rss_mib, x.heap_used_mib, x.heap_after_gc_mib]),
      ),
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

const RESULTS_DIR = path.join(ROOT, 'bench/results');

/** latest.json and latest.md of `r`, the markdown compared with `previous` when there is one. */
function writeLatest(r: Results, previous: Results | null): void {
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.json'), JSON.stringify(r, null, 2) + '\n');
  const md = previous ? `${toMarkdown(r)}\n${comparison(r, previous)}\n` : toMarkdown(r);
  fs.writeFileSync(path.join(RESULTS_DIR, 'latest.md'), md + '\n');
  console.log('\n' + md);
}

const readResults = (name: string): Results | null => {
  const file = path.join(RESULTS_DIR, name);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Results) : null;
};

export function writeReport(run: Results): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const previous = readResults('latest.json');
  if (previous)
    fs.writeFileSync(path.join(RESULTS_DIR, 'previous.json'), JSON.stringify(previous, null, 2) + '\n');
  writeLatest({ ...run, targets: targetRows(run) }, previous);
}

/**
 * The targets rows of latest.json and latest.md again, from the files the steps that run on their own
 * wrote since the last full run (soak:prod's cache.json and prod.json, the render bench's render.json):
 * nothing is measured, and previous.json stays the run before.
 */
export function refreshTargets(): void {
  const latest = readResults('latest.json');
  if (!latest) throw new Error('no bench/results/latest.json: run pnpm bench first');
  writeLatest({ ...latest, targets: targetRows(latest) }, readResults('previous.json'));
}
