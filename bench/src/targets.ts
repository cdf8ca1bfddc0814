/**
 * The `targets` rows of bench/results/latest.json (DESIGN.md section 10, issue 27's table): one
 * place that says, per fixed name, the target and where the run's figure comes from. A part of
 * the bench not built yet has `measure: null` and a note; whoever builds it fills in its `measure`
 * here and the report, JSON and markdown, follows.
 */
import type { Results, TargetName, TargetRow } from './results';

interface TargetSpec {
  target: number;
  unit: TargetRow['unit'];
  /** Whether the figure should be at least (`>=`) or at most (`<=`) the target. */
  meets: '>=' | '<=';
  /** What the figure is, for the markdown table. */
  what: string;
  /** The figure of this run (null when the run left that part out); null: not measured by any part yet. */
  measure: ((r: Results) => { value: number; note: string } | null) | null;
}

const NOT_YET = 'not measured yet: the part of pnpm bench that measures it is not built';

const minOf = (xs: number[]) => (xs.length ? Math.min(...xs) : null);

export const TARGETS: Record<TargetName, TargetSpec> = {
  cached_vs_nginx_static: {
    target: 0.85,
    unit: 'fraction',
    meets: '>=',
    what: 'a cached anonymous page through nginx vs nginx serving the same bytes from a file (gzip)',
    measure: (r) => {
      const rows = r.prod?.ssr ?? [];
      const value = minOf(
        rows.flatMap((x) => (x.cached_of_nginx_static === null ? [] : [x.cached_of_nginx_static])),
      );
      if (value === null) return null;
      const worst = rows.find((x) => x.cached_of_nginx_static === value)!;
      return {
        value,
        note: `production shape, lowest of ${rows.length} pages (${worst.page}); per-worker micro-cache, so "any worker" is not yet shared`,
      };
    },
  },
  renders_per_burst: {
    target: 1,
    unit: 'count',
    meets: '<=',
    what: 'renders for 1,000 simultaneous first requests of a just-published article, per host',
    measure: null,
  },
  render_vs_react_floor_article: {
    target: 0.5,
    unit: 'fraction',
    meets: '>=',
    what: 'full render vs the React floor, article page',
    measure: null,
  },
  render_vs_react_floor_list: {
    target: 0.5,
    unit: 'fraction',
    meets: '>=',
    what: 'full render vs the React floor, list page',
    measure: null,
  },
  crawler_reader_p99_ms: {
    target: 50,
    unit: 'ms',
    meets: '<=',
    what: 'crawler storm: readers of cached pages, p99',
    measure: null,
  },
  crawler_reader_errors: {
    target: 0,
    unit: 'count',
    meets: '<=',
    what: 'crawler storm: reader errors',
    measure: null,
  },
  crawler_p99_ms: {
    target: 2000,
    unit: 'ms',
    meets: '<=',
    what: 'crawler storm: the crawler’s p99 (200 or 503 + Retry-After only)',
    measure: null,
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
    measure: null,
  },
  worker_peak_rss_mb: {
    target: 300,
    unit: 'MB',
    meets: '<=',
    what: 'gateway worker peak RSS under all of the above',
    measure: null,
  },
};

/** The rows of this run, in the fixed order. */
export function targetRows(r: Results): TargetRow[] {
  return (Object.keys(TARGETS) as TargetName[]).map((name) => {
    const spec = TARGETS[name];
    const figure = spec.measure ? spec.measure(r) : null;
    return {
      name,
      value: figure?.value ?? null,
      target: spec.target,
      unit: spec.unit,
      note: figure ? figure.note : spec.measure ? 'left out of this run (see its flags)' : NOT_YET,
    };
  });
}

/** Whether a row reaches its target; null when it has no figure. */
export function meetsTarget(row: TargetRow): boolean | null {
  if (row.value === null) return null;
  return TARGETS[row.name].meets === '>=' ? row.value >= row.target : row.value <= row.target;
}

export const targetWhat = (name: TargetName) => TARGETS[name].what;
