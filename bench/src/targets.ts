/**
 * The `targets` rows of bench/results/latest.json (DESIGN.md section 10, issue 27's table): one
 * place that says, per fixed name, the target and where the figure comes from: this run's tables,
 * or the result file of the run that measures it (the soak's page-cache and replica steps write
 * cache.json and prod.json; the render step render.json). The report, JSON and markdown, follows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './proc';
import type { Results, TargetName, TargetRow } from './results';

interface TargetSpec {
  target: number;
  unit: TargetRow['unit'];
  /** Whether the figure should be at least (`>=`) or at most (`<=`) the target. */
  meets: '>=' | '<=';
  /** What the figure is, for the markdown table. */
  what: string;
  /** The figure of this run, or of the latest run of the part that measures it; null when left out. */
  measure: (r: Results) => { value: number; note: string } | null;
}

const minOf = (xs: number[]) => (xs.length ? Math.min(...xs) : null);

/**
 * A figure that a run of its own writes to bench/results (the soak's page cache and replica stop, the
 * render bench): the file's latest value, with where and when it was measured. Null without the file.
 */
function fromResults(file: string, pick: (json: unknown) => unknown, by: string): TargetSpec['measure'] {
  return () => {
    const at = path.join(ROOT, 'bench/results', file);
    if (!fs.existsSync(at)) return null;
    const json: unknown = JSON.parse(fs.readFileSync(at, 'utf8'));
    const value = pick(json);
    if (typeof value !== 'number') return null;
    // The file's own date: a checkout's modification times say nothing about when it was measured.
    const date = (json as { date?: unknown }).date;
    const when = typeof date === 'string' ? `, ${date.slice(0, 10)}` : '';
    return { value, note: `${by} (bench/results/${file}${when})` };
  };
}

/** The `targets` row of that name in a result file that writes its own rows (cache.json, render.json). */
const targetIn = (file: string, name: TargetName, by: string) =>
  fromResults(
    file,
    (json) =>
      (json as { targets?: { name: string; value: unknown }[] }).targets?.find((t) => t.name === name)?.value,
    by,
  );
const SOAK_CACHE = 'pnpm soak:prod, its page-cache step';
const prodBenchAlone = fromResults(
  'prod-bench.json',
  (json) => (json as { cached_vs_nginx_static?: unknown }).cached_vs_nginx_static,
  'production shape, lowest of its pages, pnpm --filter bench bench:prod alone',
);
/** When bench:prod alone last ran (ISO; "" without its file). */
function prodBenchDate(): string {
  const at = path.join(ROOT, 'bench/results/prod-bench.json');
  if (!fs.existsSync(at)) return '';
  const date = (JSON.parse(fs.readFileSync(at, 'utf8')) as { date?: unknown }).date;
  return typeof date === 'string' ? date : '';
}
const RENDER = 'pnpm bench, its render step (pnpm --filter bench bench:render alone)';

export const TARGETS: Record<TargetName, TargetSpec> = {
  cached_vs_nginx_static: {
    target: 0.85,
    unit: 'fraction',
    meets: '>=',
    what: 'a cached anonymous page through nginx vs nginx serving the same bytes from a file (gzip)',
    // This run's production shape, or `bench:prod` alone when it ran since (it writes prod-bench.json).
    measure: (r) => {
      const alone = prodBenchAlone(r);
      if (alone && prodBenchDate() > r.date) return alone;
      const rows = r.prod?.ssr ?? [];
      const value = minOf(
        rows.flatMap((x) => (x.cached_of_nginx_static === null ? [] : [x.cached_of_nginx_static])),
      );
      if (value === null) return alone;
      const worst = rows.find((x) => x.cached_of_nginx_static === value)!;
      return {
        value,
        note: `production shape, lowest of ${rows.length} pages (${worst.page})`,
      };
    },
  },
  renders_per_burst: {
    target: 1,
    unit: 'count',
    meets: '<=',
    what: 'renders for 1,000 simultaneous first requests of a just-published article, per host',
    measure: targetIn('cache.json', 'renders_per_burst', SOAK_CACHE),
  },
  render_vs_react_floor_article: {
    target: 0.5,
    unit: 'fraction',
    meets: '>=',
    what: 'full render vs the React floor, article page',
    measure: targetIn('render.json', 'render_vs_react_floor_article', RENDER),
  },
  render_vs_react_floor_list: {
    target: 0.5,
    unit: 'fraction',
    meets: '>=',
    what: 'full render vs the React floor, list page',
    measure: targetIn('render.json', 'render_vs_react_floor_list', RENDER),
  },
  crawler_reader_p99_ms: {
    target: 50,
    unit: 'ms',
    meets: '<=',
    what: 'crawler storm: readers of cached pages, p99',
    measure: targetIn('cache.json', 'crawler_reader_p99_ms', SOAK_CACHE),
  },
  crawler_reader_errors: {
    target: 0,
    unit: 'count',
    meets: '<=',
    what: 'crawler storm: reader errors',
    measure: targetIn('cache.json', 'crawler_reader_errors', SOAK_CACHE),
  },
  crawler_p99_ms: {
    target: 2000,
    unit: 'ms',
    meets: '<=',
    what: 'crawler storm: the crawler’s p99 (200 or 503 + Retry-After only)',
    measure: targetIn('cache.json', 'crawler_p99_ms', SOAK_CACHE),
  },
  pg_1m_vs_demo_min: {
    target: 0.8,
    unit: 'fraction',
    meets: '>=',
    what: 'PostgreSQL at 1M articles vs PostgreSQL at demo size, req/s, lowest API call',
    measure: (r) => {
      const pg = r.scale.find((s) => s.dialect === 'postgres');
      if (!pg) return null;
      const value = minOf(pg.vs_demo.map((x) => x.rps_ratio));
      if (value === null) return null;
      const worst = pg.vs_demo.find((x) => x.rps_ratio === value)!;
      return { value, note: `lowest: ${worst.call} (read cache off on both)` };
    },
  },
  replica_stop_failed_reads: {
    target: 0,
    unit: 'count',
    meets: '<=',
    what: 'replica stopped under 200 readers: failed reads',
    measure: fromResults(
      'prod.json',
      (json) =>
        (json as { figures?: { replica_stop_failed_reads?: unknown } }).figures?.replica_stop_failed_reads,
      'pnpm soak:prod, its replica step',
    ),
  },
  worker_peak_rss_mb: {
    target: 300,
    unit: 'MB',
    meets: '<=',
    what: 'gateway worker peak RSS under all of the above',
    measure: targetIn('cache.json', 'worker_peak_rss_mb', SOAK_CACHE),
  },
};

/** The rows of this run, in the fixed order. */
export function targetRows(r: Results): TargetRow[] {
  return (Object.keys(TARGETS) as TargetName[]).map((name) => {
    const spec = TARGETS[name];
    const figure = spec.measure(r);
    return {
      name,
      value: figure?.value ?? null,
      target: spec.target,
      unit: spec.unit,
      note:
        figure?.note ?? 'not measured: left out of this run (see its flags), or its result file is missing',
    };
  });
}

/** Whether a row reaches its target; null when it has no figure. */
export function meetsTarget(row: TargetRow): boolean | null {
  if (row.value === null) return null;
  return TARGETS[row.name].meets === '>=' ? row.value >= row.target : row.value <= row.target;
}

export const targetWhat = (name: TargetName) => TARGETS[name].what;
