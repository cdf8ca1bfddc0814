/**
 * pnpm bench — measures the portal on this machine and writes bench/results/latest.{json,md}.
 * Every figure stands beside a reference measured in the same run (a bare Node server, a static
 * file, the demo-size database), so ratios hold on a noisy machine. Nothing here is asserted:
 * the run fails only when it cannot measure.
 *
 * Flags: --seconds N (per load run, default 6), --articles N (scale size, default 1000000),
 *        --skip-scale, --skip-lighthouse, --skip-prod.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiCalls, benchApi, accessToken, probe, round, type ApiRow } from './api';
import { measureBundles } from './bundles';
import { benchModeration } from './moderation';
import { benchNewsletter } from './newsletter';
import { runLighthouse } from './lighthouse';
import { ROOT, run, startNode } from './proc';
import { writeReport } from './report';
import { benchProdShape } from './prod/bench';
import { profileRender, type RenderProfile } from './profile';
import { benchReaderStats } from './reader-stats';
import { benchSsr, ssrPages, type SsrPage } from './ssr';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SECONDS = num('seconds', 6);
const SCALE = num('articles', 1_000_000);
const DATA = path.join(ROOT, 'bench/.data');
/** Each server gets its own port, so a process still shutting down can never answer for the next one. */
let nextPort = 3901;
const DEMO_DIR = path.join(DATA, 'demo');

async function apiOn(env: Record<string, string>) {
  const port = nextPort++;
  return startNode('apps/api/dist/server.js', { API_PORT: String(port), ...env }, port, '/api/get_category');
}

/** Run the API calls against one database; returns rows and the data size. */
async function measureDb(label: string, env: Record<string, string>) {
  console.log(`› API on ${label}`);
  const server = await apiOn(env);
  try {
    const token = await accessToken(server.url);
    const { total, articleId } = await probe(server.url, token);
    const deepPage = Math.max(2, Math.min(1000, Math.floor(total / 21 / 2)));
    const rows = await benchApi(server.url, apiCalls(articleId, deepPage), SECONDS);
    return { label, articles: total, rows };
  } finally {
    await server.stop();
  }
}

/** Build the scale database once; later runs reuse it. */
async function ensureScale(env: Record<string, string>, label: string) {
  const server = await apiOn(env);
  const token = await accessToken(server.url);
  const { total } = await probe(server.url, token);
  await server.stop();
  if (total >= SCALE) return;
  console.log(`› seeding ${label} to ${SCALE} articles (once; reused by later runs)`);
  const started = Date.now();
  await run('pnpm', ['--filter', 'api', 'seed', '--articles', String(SCALE - total)], env);
  console.log(`  seeded in ${Math.round((Date.now() - started) / 1000)} s`);
}

async function ensurePgDatabase(name: string): Promise<string | null> {
  const base =
    process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: base });
  try {
    await client.connect();
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`create database ${name}`);
  } catch (e) {
    console.log(`  PostgreSQL unavailable (${(e as Error).message}); skipping the PostgreSQL scale run`);
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

function scaleRatios(small: ApiRow[], large: ApiRow[]) {
  return large.map((row, i) => ({
    call: row.call,
    p50_ratio: round(row.p50 / Math.max(small[i].p50, 0.01), 2),
    p99_ratio: round(row.p99 / Math.max(small[i].p99, 0.01), 2),
    rps_ratio: round(row.rps / Math.max(small[i].rps, 1), 2),
  }));
}

async function main() {
  const started = Date.now();
  for (const f of ['apps/api/dist/server.js', 'apps/gateway/dist/server.js']) {
    if (!fs.existsSync(path.join(ROOT, f))) throw new Error(`${f} is missing: run pnpm build first`);
  }
  fs.mkdirSync(DATA, { recursive: true });

  // 4. Bundles from the build output (first: it needs no server and fails fast).
  console.log('› bundles');
  const bundles = await measureBundles();
  const demoEnv = { DATA_DIR: DEMO_DIR, DATABASE_URL: '', SEED: 'demo' };
  // The API's ~2 s read cache answers repeated anonymous reads; scale runs switch it off so they
  // measure the database, and compare with the demo database measured the same way.
  const uncached = { API_CACHE_TTL_MS: '0' };

  // 1. API throughput at demo size against the bare-Node ceiling, as deployed and uncached.
  const demo = await measureDb('SQLite, demo data, read cache on', demoEnv);
  const demoUncached = await measureDb('SQLite, demo data, read cache off', { ...demoEnv, ...uncached });

  // 1b. Reader statistics (issue 25): article_pv with and without daily counting, the dashboard's queries.
  const readerStats = await benchReaderStats('SQLite, demo data', demoEnv, () => nextPort++, SECONDS);

  // 2. Scale: the same calls at 1M articles, SQLite and PostgreSQL.
  const scale: {
    label: string;
    articles: number;
    rows: ApiRow[];
    vs_demo: ReturnType<typeof scaleRatios>;
  }[] = [];
  if (!flag('skip-scale')) {
    const sqliteEnv = { DATA_DIR: path.join(DATA, 'sqlite-scale'), DATABASE_URL: '', ...uncached };
    await ensureScale(sqliteEnv, 'SQLite');
    const s = await measureDb(`SQLite, ${SCALE} articles, read cache off`, sqliteEnv);
    scale.push({ ...s, vs_demo: scaleRatios(demoUncached.rows, s.rows) });
    const pgUrl = await ensurePgDatabase('portal_bench_scale');
    if (pgUrl) {
      const pgEnv = { DATA_DIR: path.join(DATA, 'pg-scale'), DATABASE_URL: pgUrl, ...uncached };
      await ensureScale(pgEnv, 'PostgreSQL');
      const p = await measureDb(`PostgreSQL, ${SCALE} articles, read cache off`, pgEnv);
      scale.push({ ...p, vs_demo: scaleRatios(demoUncached.rows, p.rows) });
    }
  }

  // 3 + 6. Server rendering through the gateway, and its peak memory during the load.
  console.log('› server rendering through the gateway');
  const gatewayPort = nextPort++;
  const gateway = await startNode(
    'apps/gateway/dist/server.js',
    { PORT: String(gatewayPort), ...demoEnv },
    gatewayPort,
  );
  let ssr, lighthouse, memory;
  let pages: SsrPage[] = [];
  try {
    const token = await accessToken(gateway.url);
    const { articleId } = await probe(gateway.url, token);
    pages = ssrPages(articleId);
    ssr = await benchSsr(gateway.url, path.join(DEMO_DIR, 'uploads'), pages, SECONDS);
    // 5. Lighthouse on the same four pages.
    lighthouse = flag('skip-lighthouse')
      ? []
      : (console.log('› Lighthouse'),
        await runLighthouse(pages.map((p) => ({ ...p, url: gateway.url + p.path }))));
    memory = { gateway_peak_rss_mib: gateway.peakRssMiB() };
  } finally {
    await gateway.stop();
  }

  // 3b. Where the render time goes: a gateway of its own under the CPU profiler, per page kind.
  const profiles: RenderProfile[] = [];
  for (const page of pages.filter((p) => p.page.startsWith('desktop'))) {
    console.log(`› CPU profile: ${page.page}`);
    profiles.push(await profileRender(demoEnv, nextPort++, page, SECONDS));
  }

  // 3c. Full render vs the React floor per page kind, in its own process (React in production mode): bench/results/render.json.
  await run('pnpm', ['--filter', 'bench', 'bench:render', '--seconds', String(SECONDS)]);

  // 8. The sensitive-word check: a 1 MB article and a 10 KB form answer, 100,000 words.
  const moderation = await benchModeration();

  // 9. The newsletter: one issue to 100,000 subscribers through the outbox (messages/s, RSS flat).
  const newsletter = await benchNewsletter();

  // 7. The production shape: nginx, one gateway worker per core, PostgreSQL and Redis.
  const prod = flag('skip-prod') ? null : await benchProdShape(DATA, SECONDS);

  const results = {
    date: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? '',
      memory_gib: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    seconds_per_run: SECONDS,
    connections: 50,
    api: [demo, demoUncached],
    reader_stats: readerStats,
    scale,
    ssr,
    profiles,
    bundles,
    lighthouse,
    memory,
    prod,
    moderation,
    newsletter,
    duration_s: Math.round((Date.now() - started) / 1000),
  };
  writeReport(results);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
