/** What one `pnpm bench` run writes to bench/results/latest.json (report.ts renders it). */
import type { ApiRow } from './api';
import type { BundleRow } from './bundles';
import type { DashboardRow } from './dashboard';
import type { LighthouseRow } from './lighthouse';
import type { ModerationResult } from './moderation';
import type { NewsletterResult } from './newsletter';
import type { ProdShapeResult } from './prod/bench';
import type { ReaderStatsResult } from './reader-stats';
import type { RenderProfile } from './profile';
import type { DailyViewsShape, ScaleRatio } from './scale';
import type { SsrRow } from './ssr';

/** As latest.json carries it: ratios as fractions, times in ms, memory in MB. */
export interface TargetRow {
  name: TargetName;
  value: number | null;
  target: number;
  unit: 'fraction' | 'ms' | 'MB' | 'count';
  note?: string;
}

export type TargetName =
  | 'cached_vs_nginx_static'
  | 'renders_per_burst'
  | 'render_vs_react_floor_article'
  | 'render_vs_react_floor_list'
  | 'crawler_reader_p99_ms'
  | 'crawler_reader_errors'
  | 'crawler_p99_ms'
  | 'pg_1m_vs_demo_min'
  | 'replica_stop_failed_reads'
  | 'worker_peak_rss_mb';

export interface Results {
  date: string;
  machine: { cores: number; cpu: string; memory_gib: number; node: string };
  seconds_per_run: number;
  connections: number;
  api: { label: string; articles: number; rows: ApiRow[] }[];
  /** Each database kind at scale against the same kind at demo size (`reference`), both read cache off. */
  scale: {
    label: string;
    articles: number;
    dialect: 'sqlite' | 'postgres';
    reference: string;
    reference_rows: ApiRow[];
    rows: ApiRow[];
    vs_demo: ScaleRatio[];
  }[];
  /** The dashboard's calls on the PostgreSQL scale database with its daily view rows (issue 25). */
  dashboard_scale?: {
    label: string;
    articles: number;
    daily_rows: DailyViewsShape;
    calls: DashboardRow[];
  } | null;
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
  /** DESIGN.md section 10's fixed rows (targets.ts), written by writeReport. */
  targets?: TargetRow[];
}
