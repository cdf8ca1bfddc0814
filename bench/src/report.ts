import fs from 'node:fs';
import path from 'node:path';
import type { ApiRow } from './api';
import type { BundleRow } from './bundles';
import type { LighthouseRow } from './lighthouse';
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
  bundles: BundleRow[];
  lighthouse?: LighthouseRow[];
  memory?: { gateway_peak_rss_mib: number };
  duration_s: number;
}

function table(head: string[], rows: (string | number | boolean | null)[][]): string {
  const line = (cells: (string | number | boolean | null)[]) =>
    `| ${cells.map((c) => (c === null ? '–' : String(c))).join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
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
    out.push(
      table(
        [
          'page',
          'rendered req/s',
          'rendered p99 ms',
          'cached req/s',
          'cached p99 ms',
          'static req/s',
          'rendered of static',
        ],
        r.ssr.map((x) => [
          x.page,
          x.rendered.rps,
          x.rendered.p99,
          x.cached.rps,
          x.cached.p99,
          x.static_rps,
          x.rendered_of_static,
        ]),
      ),
      '',
    );
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
        ['page', 'performance', 'accessibility', 'SEO', 'best practices', 'LCP ms', 'TBT ms', 'CLS'],
        r.lighthouse.map((l) => [
          l.page,
          l.performance,
          l.accessibility,
          l.seo,
          l.best_practices,
          l.lcp_ms,
          l.tbt_ms,
          l.cls,
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
  return out.join('\n');
}

export function writeReport(r: Results): void {
  const dir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify(r, null, 2) + '\n');
  const md = toMarkdown(r);
  fs.writeFileSync(path.join(dir, 'latest.md'), md + '\n');
  console.log('\n' + md);
}
