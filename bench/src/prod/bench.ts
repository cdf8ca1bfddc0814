/**
 * The production shape in `pnpm bench`: nginx in front of one gateway worker per core, on
 * PostgreSQL and Redis (issue 16), measured with the same calls and pages as the single process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCalls, accessToken, benchApi, probe, type ApiRow } from '../api';
import { freshPgDatabase } from '../proc';
import { benchSsr, ssrPages, type SsrRow } from '../ssr';
import { CLIENT, startShape } from './shape';

export interface ProdShapeResult {
  label: string;
  workers: number;
  api: ApiRow[];
  ssr: SsrRow[];
  /** Peak resident memory of each gateway worker during the load runs (VmHWM). */
  worker_peak_rss_mib: number[];
}

export function peakRssMiB(pid: number | null): number {
  if (!pid) return 0;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/**
 * Starts `pid`'s peak resident memory (VmHWM) again from what it holds now (Linux clear_refs 5):
 * a one-off before a measurement (a sign-in's scrypt) is then not the load's peak.
 */
export function resetPeakRss(pid: number | null): void {
  if (pid) fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

/** Null when PostgreSQL is not reachable (the figures need the production databases). */
export async function benchProdShape(dataRoot: string, seconds: number): Promise<ProdShapeResult | null> {
  const base =
    process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  let databaseUrl: string;
  try {
    databaseUrl = await freshPgDatabase(base, 'portal_bench_prod');
  } catch (e) {
    console.log(`  PostgreSQL unavailable (${(e as Error).message}); skipping the production shape`);
    return null;
  }
  const workers = os.cpus().length;
  const dataDir = path.join(dataRoot, 'prod');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const shape = await startShape({
    port: 3980,
    workers,
    workerPortBase: 3981,
    dataDir,
    runDir: path.join(dataDir, 'run'),
    env: {
      // As production runs it: React's production build (the SMS outbox allowed by name, as on staging).
      NODE_ENV: 'production',
      SMS_OUTBOX_IN_PRODUCTION: '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/9',
      LOG_LEVEL: 'warn',
    },
    label: 'prod',
  });
  try {
    const token = await accessToken(shape.url, CLIENT);
    const { total, articleId } = await probe(shape.url, token);
    const deepPage = Math.max(2, Math.min(1000, Math.floor(total / 21 / 2)));
    console.log(`› production shape: API through nginx (${workers} workers)`);
    const api = await benchApi(shape.url, apiCalls(articleId, deepPage), seconds, CLIENT);
    console.log('› production shape: server rendering through nginx');
    // Its static reference is nginx serving /uploads from disk (gzip on): production's own static path.
    const ssr = await benchSsr(
      shape.url,
      path.join(dataDir, 'uploads'),
      ssrPages(articleId),
      seconds,
      'static-is-nginx',
    );
    const worker_peak_rss_mib = shape.state().workers.map((w) => peakRssMiB(w.pid));
    return {
      label: `nginx → ${workers} gateway workers, PostgreSQL, Redis`,
      workers,
      api,
      ssr,
      worker_peak_rss_mib,
    };
  } finally {
    await shape.stop();
  }
}
