/**
 * pnpm bench — measures the portal on this machine and writes bench/results/latest.{json,md}.
 * Every figure stands beside a reference measured in the same run (a bare Node server, a static
 * file, the demo-size database), so ratios hold on a noisy machine. Nothing here is asserted:
 * the run fails only when it cannot measure.
 *
 * Flags: --seconds N (per load run, default 6), --articles N (scale size, default 1000000),
 *        --skip-scale, --skip-sqlite-scale (its first seeding takes an hour), --skip-lighthouse,
 *        --skip-prod, --skip-newsletter.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiCalls, benchApi, accessToken, probe } from './api';
import { measureBundles } from './bundles';
import { ensureBenchEditor, signIn, timeDashboard } from './dashboard';
import { benchModeration } from './moderation';
import { benchNewsletter } from './newsletter';
import { runLighthouse } from './lighthouse';
import { startNginxStatic } from './nginx-static';
import { ROOT, run, startNode } from './proc';
import { writeReport } from './report';
import type { Results } from './results';
import { benchProdShape } from './prod/bench';
import { profileRender, type RenderProfile } from './profile';
import { benchReaderStats } from './reader-stats';
import {
  ensureArticles,
  ensureDailyViews,
  ensurePgDatabase,
  pgArticleCount,
  pgQuery,
  scaleRatios,
} from './scale';
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

/** Published articles behind an API (0 when it has none yet). */
async function articlesBehind(env: Record<string, string>): Promise<number> {
  const server = await apiOn(env);
  try {
    return (await probe(server.url, await accessToken(server.url))).total;
  } catch {
    return 0;
  } finally {
    await server.stop();
  }
}

/** The dashboard's calls on a database (issue 25), timed as an editor makes them. */
async function dashboardOn(env: Record<string, string>) {
  await ensureBenchEditor(env);
  const server = await apiOn(env);
  try {
    return await timeDashboard(server.url, await signIn(server.url));
  } finally {
    await server.stop();
  }
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

  // 2. Scale: the same calls at 1M articles, each against the demo size on the same database kind.
  const scale: Results['scale'] = [];
  let dashboardScale: Results['dashboard_scale'] = null;
  if (!flag('skip-scale')) {
    if (!flag('skip-sqlite-scale')) {
      const sqliteEnv = { DATA_DIR: path.join(DATA, 'sqlite-scale'), DATABASE_URL: '', ...uncached };
      await ensureArticles(sqliteEnv, 'SQLite', SCALE, () => articlesBehind(sqliteEnv));
      const s = await measureDb(`SQLite, ${SCALE} articles, read cache off`, sqliteEnv);
      const vs_demo = scaleRatios(demoUncached.rows, s.rows);
      scale.push({
        ...s,
        dialect: 'sqlite',
        reference: demoUncached.label,
        reference_rows: demoUncached.rows,
        vs_demo,
      });
    }
    // PostgreSQL at demo size, seeded fresh by the API at start and vacuumed as the scale one is.
    const pgDemoUrl = await ensurePgDatabase('portal_bench_demo', true);
    const pgScaleUrl = pgDemoUrl && (await ensurePgDatabase('portal_bench_scale'));
    if (pgDemoUrl && pgScaleUrl) {
      const pgDemoEnv = {
        DATA_DIR: path.join(DATA, 'pg-demo'),
        DATABASE_URL: pgDemoUrl,
        SEED: 'demo',
        ...uncached,
      };
      fs.rmSync(pgDemoEnv.DATA_DIR, { recursive: true, force: true });
      await articlesBehind(pgDemoEnv);
      await pgQuery(pgDemoUrl, 'vacuum (analyze)');
      const pgDemo = await measureDb('PostgreSQL, demo data, read cache off', pgDemoEnv);
      const pgEnv = { DATA_DIR: path.join(DATA, 'pg-scale'), DATABASE_URL: pgScaleUrl, ...uncached };
      await ensureArticles(pgEnv, 'PostgreSQL', SCALE, pgArticleCount(pgScaleUrl));
      // 3. The dashboard on a million articles with 400 days of daily rows (issue 25).
      const shape = await ensureDailyViews(pgEnv, pgScaleUrl);
      const p = await measureDb(`PostgreSQL, ${SCALE} articles, read cache off`, pgEnv);
      scale.push({
        ...p,
        dialect: 'postgres',
        reference: pgDemo.label,
        reference_rows: pgDemo.rows,
        vs_demo: scaleRatios(pgDemo.rows, p.rows),
      });
      console.log(
        `› dashboard on PostgreSQL, ${p.articles} articles, ${shape.rows} daily rows over ${shape.days} days`,
      );
      dashboardScale = {
        label: `PostgreSQL, ${p.articles} articles`,
        articles: p.articles,
        daily_rows: shape,
        calls: await dashboardOn(pgEnv),
      };
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
    // The static reference as production serves files (nginx, gzip) beside the gateway's own.
    const nginx = await startNginxStatic(nextPort++);
    try {
      ssr = await benchSsr(gateway.url, path.join(DEMO_DIR, 'uploads'), pages, SECONDS, nginx);
    } finally {
      await nginx?.stop();
    }
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
  const newsletter = flag('skip-newsletter') ? undefined : await benchNewsletter();

  // 7. The production shape: nginx, one gateway worker per core, PostgreSQL and Redis.
  const prod = flag('skip-prod') ? null : await benchProdShape(DATA, SECONDS);

  const results: Results = {
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
    dashboard_scale: dashboardScale,
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
