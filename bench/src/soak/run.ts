/**
 * pnpm soak — crash, load and bad-input soak of the built portal on this machine (not in CI).
 * Writes bench/results/soak.json and soak.md. Every phase is bounded in count and time and
 * targets 127.0.0.1 only:
 *
 * 1. Crash rounds, on SQLite and on PostgreSQL: ROUNDS × SIGKILL of the gateway while WRITES
 *    acknowledged writes (registrations, leads, form submissions, column articles, page views) are
 *    in flight; afterwards every acknowledged write must be in the database and SQLite's
 *    `PRAGMA integrity_check` must say ok.
 * 2. Mixed load: LOAD_CONNECTIONS connections for LOAD_SECONDS over home, article, search and
 *    member calls: errors and p50/p99.
 * 3. Concurrent page views: VIEWS article_pv calls of one article over VIEW_CONNECTIONS sockets, on
 *    SQLite and on PostgreSQL + Redis; every view must be acknowledged and the stored count exact.
 * 4. Generated bad input at the full count (FUZZ_RUNS=1000): the API and page fuzz suites.
 * 5. Image decodes (images.ts): 60 avatar uploads at once of a small PNG that decodes to 50
 *    megapixels, from 6 members, with the decode queue as configured and, for reference, opened
 *    wide; peak RSS and /healthz latency. Its own report, bench/results/soak-images.{json,md}.
 *
 * Rate limits stay on: the server trusts X-Forwarded-For from loopback only (TRUST_PROXY=127.0.0.1),
 * and the soak gives every simulated client its own address (client.ts).
 *
 * PostgreSQL runs with Redis when SOAK_REDIS_URL (or REDIS_URL) is set, under a key prefix of its own.
 *
 * Flags: --skip-postgres, --skip-fuzz, --skip-page-fuzz, --rounds N, --writes N, --seconds N,
 * --views N, --parallel (the two databases' crash rounds side by side: half the wall time on a busy machine),
 * --images-only (phase 5 alone: soak.json and soak.md are left as they are).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, freshPgDatabase, run, startNode } from '../proc';
import { call, connect } from './client';
import { crashRounds, type CrashResult } from './crash';
import { imageBurst, writeImagesReport, type ImagesReport } from './images';
import { VIEW_TIMEOUT_MS, concurrentViews, mixedLoad, type MixResult, type ViewsResult } from './load';
import { writeSoakReport, type SoakResult } from './report';
import { openStore } from './writes';

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};

const ROUNDS = num('rounds', 20);
const WRITES = num('writes', 10_000);
const WRITE_CONCURRENCY = 50;
/** A round that has not reached its share by then is killed anyway (bounded time). */
const ROUND_MS = num('round-seconds', 120) * 1000;
const LOAD_CONNECTIONS = 200;
const LOAD_SECONDS = num('seconds', 60);
const VIEWS = num('views', 10_000);
const VIEW_CONNECTIONS = 500;
const FUZZ_RUNS = 1000;
/** Soak servers use 8116-8120 (never 8080). */
const PORTS = { sqlite: 8116, postgres: 8117, load: 8118, views: 8119, images: 8120 } as const;
const PG_BASE = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_DB = 'portal_soak';
/** Redis for the PostgreSQL server (rate limits, caches, content changes), isolated by a key prefix. */
const REDIS_URL = (() => {
  const base = process.env.SOAK_REDIS_URL ?? process.env.REDIS_URL;
  if (!base) return '';
  const url = new URL(base);
  url.searchParams.set('keyPrefix', `soak:${randomBytes(6).toString('hex')}:`);
  return url.toString();
})();
type Database = 'sqlite' | 'postgres';
/** The server settings that put a run on PostgreSQL (+ Redis when configured). */
const pgEnv = (databaseUrl: string) => ({ DATABASE_URL: databaseUrl, REDIS_URL });
const dbLabel = (label: Database) => (label === 'postgres' && REDIS_URL ? 'postgres+redis' : label);

/**
 * The soak's server settings. NODE_ENV=development: the soak needs the demo seed (forms, articles,
 * the demo member's column), which a production start does not seed. Secrets are set explicitly.
 */
const CLIENT = { id: 'portal-web', secret: randomBytes(18).toString('hex') };
const baseEnv = (dataDir: string): Record<string, string> => ({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  CLIENT_ID: CLIENT.id,
  CLIENT_SECRET: CLIENT.secret,
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  TRUST_PROXY: '127.0.0.1',
  SEED: '1',
  REDIS_URL: '',
  DATABASE_URL: '',
  LOG_LEVEL: 'error',
});

function tempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `portal-soak-${label}-`));
}

async function crash(label: Database): Promise<CrashResult> {
  const done = await crashOnce(label);
  const acked = Object.values(done.acknowledged).reduce((a, b) => a + b, 0);
  if (acked < WRITES) {
    result.notes.push(
      `${done.label}: ${acked} of the ${WRITES} writes aimed at were acknowledged: a round is killed after ${ROUND_MS / 1000} s whatever it reached, and the machine was shared.`,
    );
  }
  return done;
}

async function crashOnce(label: Database): Promise<CrashResult> {
  console.log(`› crash rounds on ${dbLabel(label)}`);
  const dataDir = tempDir(label);
  const databaseUrl = label === 'postgres' ? await freshPgDatabase(PG_BASE, PG_DB) : undefined;
  try {
    return await crashRounds({
      label: dbLabel(label),
      env: { ...baseEnv(dataDir), ...(databaseUrl ? pgEnv(databaseUrl) : {}) },
      port: PORTS[label],
      dataDir,
      databaseUrl,
      rounds: ROUNDS,
      writes: WRITES,
      concurrency: WRITE_CONCURRENCY,
      roundMs: ROUND_MS,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface LoadPhases {
  mix: MixResult;
  views: ViewsPhase[];
}

async function loadPhases(): Promise<LoadPhases> {
  console.log(`› load: ${LOAD_CONNECTIONS} connections for ${LOAD_SECONDS} s`);
  const dataDir = tempDir('load');
  let mix: MixResult;
  try {
    // The demo seed plus the 2 s read cache and 1 s micro-cache, as deployed.
    const server = await startNode(
      'apps/gateway/dist/server.js',
      { ...baseEnv(dataDir), PORT: String(PORTS.load) },
      PORTS.load,
      '/api/get_category',
    );
    const client = await connect(server.url, CLIENT.id, CLIENT.secret);
    const login = await call<{ id: number; stoken: string }>(client, 'member_login', {
      username: 'demo',
      password: 'demo123456',
    });
    const list = await call<{ id: number }[]>(client, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 });
    const articleId = list.data[0]!.id;
    mix = await mixedLoad(
      client,
      { stoken: login.data.stoken, member_id: login.data.id },
      articleId,
      LOAD_CONNECTIONS,
      LOAD_SECONDS,
    );
    await server.stop();
    console.log(
      `  mix: ${mix.requests} requests, p50 ${mix.p50} ms, p99 ${mix.p99} ms, errors ${mix.errors + mix.timeouts + mix.non2xx}`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const views = [await viewsPhase('sqlite')];
  if (!flag('skip-postgres')) views.push(await viewsPhase('postgres'));
  return { mix, views };
}

interface ViewsPhase extends ViewsResult {
  database: string;
  before: number;
  after: number;
  exact: boolean;
}

/**
 * VIEWS concurrent page views of one article on a fresh server: every one must be acknowledged,
 * and the stored counter, read after a SIGKILL (no graceful flush to help), must have grown by
 * exactly as many.
 */
async function viewsPhase(label: Database): Promise<ViewsPhase> {
  console.log(`› ${VIEWS} concurrent page views on ${dbLabel(label)}`);
  const dataDir = tempDir(`views-${label}`);
  const databaseUrl = label === 'postgres' ? await freshPgDatabase(PG_BASE, `${PG_DB}_views`) : undefined;
  const env = { ...baseEnv(dataDir), ...(databaseUrl ? pgEnv(databaseUrl) : {}), PORT: String(PORTS.views) };
  try {
    const server = await startNode('apps/gateway/dist/server.js', env, PORTS.views, '/api/get_category');
    const client = await connect(server.url, CLIENT.id, CLIENT.secret);
    const list = await call<{ id: number }[]>(client, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 });
    const articleId = list.data[0]!.id;
    const before = await readViews(dataDir, databaseUrl, articleId);
    const views = await concurrentViews(client, articleId, VIEWS, VIEW_CONNECTIONS);
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    const after = await readViews(dataDir, databaseUrl, articleId);
    const exact = views.ok === VIEWS && after - before === VIEWS;
    console.log(
      `  views: ${views.ok} acknowledged in ${views.seconds} s (p50 ${views.p50} ms, p99 ${views.p99} ms), counter +${after - before}`,
    );
    return { database: dbLabel(label), ...views, before, after, exact };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function readViews(
  dataDir: string,
  databaseUrl: string | undefined,
  articleId: number,
): Promise<number> {
  const store = openStore(dataDir, databaseUrl);
  try {
    return await store.views(articleId);
  } finally {
    await store.close();
  }
}

interface FuzzPhase {
  suite: string;
  runs: number;
  passed: boolean;
  seconds: number;
}

async function fuzz(): Promise<FuzzPhase[]> {
  const suites = [
    { suite: 'API calls (apps/api/test/fuzz.test.ts)', filter: 'api', file: 'test/fuzz.test.ts' },
    {
      suite: 'page routes (apps/gateway/test/page-fuzz.test.ts)',
      filter: 'gateway',
      file: 'test/page-fuzz.test.ts',
    },
  ];
  const out: FuzzPhase[] = [];
  // The page suite renders every request (about 70 routes × 1,000): --skip-page-fuzz leaves it to its own run.
  for (const s of flag('skip-page-fuzz') ? suites.slice(0, 1) : suites) {
    console.log(`› fuzz ${s.suite} at ${FUZZ_RUNS} requests per call`);
    const began = Date.now();
    let passed = true;
    try {
      // SQLite only (DATABASE_URL unset): the crash rounds cover PostgreSQL.
      await run('pnpm', ['--filter', s.filter, 'exec', 'vitest', 'run', s.file], {
        FUZZ_RUNS: String(FUZZ_RUNS),
        DATABASE_URL: '',
      });
    } catch {
      passed = false;
    }
    out.push({ suite: s.suite, runs: FUZZ_RUNS, passed, seconds: Math.round((Date.now() - began) / 1000) });
  }
  return out;
}

/**
 * Phase 5 on a fresh SQLite server per setting: the queue as configured by default (one decode per
 * core, 16 waiting), then opened wide for reference (what the burst costs without the bound).
 */
async function imagePhase(): Promise<void> {
  const settings: { label: string; env: Record<string, string> }[] = [
    { label: 'decode queue (defaults)', env: {} },
    {
      label: 'reference: queue opened (IMAGE_DECODE_CONCURRENCY=64, IMAGE_DECODE_QUEUE=10000)',
      env: { IMAGE_DECODE_CONCURRENCY: '64', IMAGE_DECODE_QUEUE: '10000' },
    },
  ];
  const report: ImagesReport = { date: new Date().toISOString(), machine: result.machine, runs: [] };
  for (const [i, setting] of settings.entries()) {
    console.log(`› image decodes: ${setting.label}`);
    const dataDir = tempDir('images');
    try {
      const server = await startNode(
        'apps/gateway/dist/server.js',
        { ...baseEnv(dataDir), ...setting.env, PORT: String(PORTS.images) },
        PORTS.images,
        '/api/get_category',
      );
      try {
        const r = await imageBurst(
          server.url,
          server.child.pid!,
          setting.label,
          CLIENT.id,
          CLIENT.secret,
          `${Date.now() % 1000}${i}`,
        );
        report.runs.push(r);
        console.log(
          `  ${r.stored} stored, ${r.busy} busy, ${r.rateLimited} rate-limited, ${r.other} other in ${r.seconds} s; RSS ${r.rssBeforeMiB} → ${r.rssPeakMiB} MiB; /healthz p99 ${r.healthz.p99} ms (max ${r.healthz.max}, ${r.healthz.failed} failed)`,
        );
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    writeImagesReport(path.join(ROOT, 'bench/results'), report);
  }
}

const began = Date.now();
const result: SoakResult = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? '',
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  settings: {
    rounds: ROUNDS,
    writes: WRITES,
    writeConcurrency: WRITE_CONCURRENCY,
    loadConnections: LOAD_CONNECTIONS,
    loadSeconds: LOAD_SECONDS,
    views: VIEWS,
    viewTimeoutMs: VIEW_TIMEOUT_MS,
    viewConnections: VIEW_CONNECTIONS,
    fuzzRuns: FUZZ_RUNS,
  },
  crashes: [],
  load: null,
  fuzz: [],
  notes: [],
  seconds: 0,
  complete: false,
};
/** The report is rewritten after every phase, so a run stopped early still leaves what it measured. */
const save = () => {
  result.seconds = Math.round((Date.now() - began) / 1000);
  writeSoakReport(path.join(ROOT, 'bench/results'), result);
};
if (flag('images-only')) {
  await imagePhase();
  console.log('image decodes done: bench/results/soak-images.md');
  process.exit(0);
}
if (ROUNDS !== 20 || WRITES !== 10_000 || VIEWS !== 10_000 || LOAD_SECONDS !== 60) {
  result.notes.push(
    `Reduced run: ${ROUNDS} rounds, ${WRITES} writes, ${VIEWS} views, ${LOAD_SECONDS} s of mixed load (the issue's full run: 20 rounds, 10,000 writes, 10,000 views, 60 s).`,
  );
}
const databases: Database[] = flag('skip-postgres') ? ['sqlite'] : ['sqlite', 'postgres'];
if (flag('parallel')) {
  result.notes.push('The crash rounds of the two databases ran side by side (--parallel).');
  await Promise.all(
    databases.map(async (label) => {
      result.crashes.push(await crash(label));
      save();
    }),
  );
} else {
  for (const label of databases) {
    result.crashes.push(await crash(label));
    save();
  }
}
result.load = await loadPhases();
save();
if (!flag('skip-fuzz')) result.fuzz = await fuzz();
await imagePhase();
result.complete = true;
save();
console.log(`soak done in ${result.seconds} s: bench/results/soak.md`);
process.exit(0);
