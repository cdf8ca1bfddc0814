/**
 * The page cache and the overload rule in the production shape (issue 27), two scenarios on their
 * own shape (nginx + 2 workers + a private Redis of their own, 127.0.0.1 only, every loop bounded):
 *
 * 1. renders_per_burst: an editor publishes an article; 1,000 simultaneous first requests of it
 *    through nginx; the renders are counted by the workers' own counters (portal_page_renders_total
 *    on METRICS_PORT + slot). Target: 1 per host (all workers share Redis).
 * 2. The crawler storm: 20,000 distinct uncached article URLs at 100 connections (a connection
 *    refused with 503 comes back after Retry-After, as Baiduspider does, the URL at the end of the
 *    crawl), while
 *    50 connections read cached pages, for 60 s. Targets: readers p99 <= 50 ms with 0 errors; the
 *    crawler gets only 200, or 503 with Retry-After, its p99 <= 2 s; each worker's peak RSS <= 300 MB.
 *
 * Writes bench/results/cache.json with these figures as `targets` rows (DESIGN.md section 10 names).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../proc';
import { peakRssMiB, resetPeakRss } from './bench';
import { PrivateRedis, backOffice, startShape, type Shape } from './shape';

const PORT = 8347;
const WORKER_PORT_BASE = 9347;
const METRICS_PORT = 9357;
/** A Redis of its own: the run's is stopped by its Redis step (and other runs may share that port). */
const REDIS_PORT = 6347;
const WORKERS = 2;
/** Articles the storm crawls (the demo's 3,000 plus the scale seeder's). */
const CRAWL_URLS = 20_000;
const CRAWLERS = 100;
const READERS = 50;
const BURST = 1000;
/** A request unanswered this long has failed (nginx's proxy_read_timeout is longer). */
const REQUEST_TIMEOUT_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BAIDUSPIDER = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';

export interface CacheOptions {
  /** A temp folder of this run (the shape's DATA_DIR and RUN_DIR go below it). */
  base: string;
  /** PostgreSQL when set, else SQLite in DATA_DIR. */
  databaseUrl: string;
  /** Seconds of the storm (60 by default). */
  stormSeconds: number;
  check(name: string, ok: boolean, detail: string): void;
}

interface Target {
  name: string;
  value: number;
  target: number;
  unit: string;
}

interface Answer {
  status: number;
  /** Seconds of Retry-After; NaN without one. */
  retryAfter: number;
  ms: number;
}

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<Answer> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: Number(res.headers['retry-after'] ?? Number.NaN),
          ms: performance.now() - began,
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((x, y) => x - y);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

/** One metric of each worker (summed over its labels), from its own METRICS_PORT. */
async function perWorker(shape: Shape, name: string): Promise<number[]> {
  return Promise.all(
    shape.state().workers.map(async (worker) => {
      const text = await (await fetch(`http://127.0.0.1:${METRICS_PORT + worker.slot}/metrics`)).text();
      const line = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)`, 'gm');
      return [...text.matchAll(line)].reduce((sum, m) => sum + Number(m[1]), 0);
    }),
  );
}

/** Pages rendered so far by every worker of the shape (their own counters). */
async function rendersSoFar(shape: Shape): Promise<number> {
  return (await perWorker(shape, 'portal_page_renders_total')).reduce((a, b) => a + b, 0);
}

/** What each worker says of itself after the storm: why its answers took what they took. */
async function workerReport(shape: Shape): Promise<Record<string, number[]>> {
  const names = {
    renders: 'portal_page_renders_total',
    shed: 'portal_page_shed_total',
    heap_used_mb: 'portal_nodejs_heap_size_used_bytes',
    event_loop_lag_max_ms: 'portal_nodejs_eventloop_lag_max_seconds',
    event_loop_lag_p99_ms: 'portal_nodejs_eventloop_lag_p99_seconds',
    gc_seconds: 'portal_nodejs_gc_duration_seconds_sum',
  };
  const scale: Record<string, number> = {
    heap_used_mb: 1 / 2 ** 20,
    event_loop_lag_max_ms: 1000,
    event_loop_lag_p99_ms: 1000,
  };
  const report: Record<string, number[]> = {};
  for (const [key, name] of Object.entries(names)) {
    report[key] = (await perWorker(shape, name)).map((v) => Math.round(v * (scale[key] ?? 1) * 10) / 10);
  }
  return report;
}

/** `pnpm seed --articles N` on the shape's database: the articles the crawler walks. */
function seedArticles(env: Record<string, string>, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--silent', 'seed', '--articles', String(count)], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pnpm seed: ${code}`))));
  });
}

async function burst(
  shape: Shape,
  toolEnv: Record<string, string>,
  opts: CacheOptions,
): Promise<{ target: Target; rssAfterSignIn: number[] }> {
  console.log(`› ${BURST} simultaneous first requests of a just-published article`);
  const admin = await backOffice(shape.url, toolEnv);
  const { id } = await admin<{ id: number }>('/articles', {
    title: `千人同时打开的新文章 ${Date.now()}`,
    category: 'AI',
    content: '<p>发布后立即被一千位读者同时打开。</p>',
  });
  await admin(`/articles/${id}/publish`, {});
  // The editor's sign-in checks a password with scrypt (128 MiB, OWASP's parameters; two at most at
  // once, apps/api/src/lib/password.ts): its peak is reported on its own, the load's counted after it.
  const rssAfterSignIn = shape.state().workers.map((w) => peakRssMiB(w.pid));
  console.log(`  peak RSS after the editor's sign-in: ${rssAfterSignIn.join(', ')} MB`);
  for (const worker of shape.state().workers) resetPeakRss(worker.pid);
  const before = await rendersSoFar(shape);
  const agent = new http.Agent({ keepAlive: false, maxSockets: BURST });
  const url = new URL(`/news/${id}`, shape.url);
  const answers = await Promise.allSettled(
    Array.from({ length: BURST }, () => get(agent, url, { cookie: 'vw=1280' })),
  );
  agent.destroy();
  const renders = (await rendersSoFar(shape)) - before;

  const ok = answers.filter((a) => a.status === 'fulfilled' && a.value.status === 200).length;
  opts.check(
    'burst: every first reader of a just-published article got it',
    ok === BURST,
    `${ok} of ${BURST} answered 200`,
  );
  opts.check(
    'burst: rendered once for all workers',
    renders === 1,
    `${renders} render(s) across ${WORKERS} workers`,
  );
  return {
    target: { name: 'renders_per_burst', value: renders, target: 1, unit: 'renders' },
    rssAfterSignIn,
  };
}

/** Connections that each run `one` in turn until `until` says stop; every answer's time is kept. */
async function loop(connections: number, one: (agent: http.Agent) => Promise<boolean>): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (await one(agent));
    }),
  );
  agent.destroy();
}

/** The published articles' addresses, as a crawler finds them: from the sitemaps. */
async function articlePaths(shape: Shape): Promise<string[]> {
  const locs = async (url: string) =>
    [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const paths: string[] = [];
  for (const sitemap of await locs(new URL('/sitemap.xml', shape.url).toString())) {
    if (!sitemap.includes('/articles-')) continue;
    for (const loc of await locs(sitemap)) paths.push(new URL(loc).pathname);
  }
  return paths;
}

async function storm(
  shape: Shape,
  opts: CacheOptions,
): Promise<{ targets: Target[]; workers: Record<string, number[]> }> {
  const articles = await articlePaths(shape);
  if (articles.length < CRAWL_URLS + 5) throw new Error(`only ${articles.length} articles in the sitemaps`);
  console.log(
    `› crawler storm: ${CRAWL_URLS} uncached article URLs at ${CRAWLERS} connections, ${READERS} readers of cached pages, ${opts.stormSeconds} s`,
  );
  const readerPages = ['/', '/AI', '/video', ...articles.slice(0, 5)];
  for (const page of readerPages) {
    for (let i = 0; i < 2; i++) await fetch(new URL(page, shape.url), { headers: { cookie: 'vw=1280' } });
  }
  const crawl = articles.slice(5, 5 + CRAWL_URLS);
  // Peak RSS so far (the burst, the sitemaps): tells the storm's share of the peak from what came before.
  const rssBefore = shape.state().workers.map((w) => peakRssMiB(w.pid));
  console.log(`  peak RSS before the storm: ${rssBefore.join(', ')} MB`);
  const deadline = Date.now() + opts.stormSeconds * 1000;
  const reader = { ms: [] as number[], errors: 0, samples: [] as string[] };
  const crawler = { ms: [] as number[], ok: 0, refused: 0, bad: 0, samples: [] as string[] };
  let next = 0;
  const readers = loop(READERS, async (agent) => {
    const page = readerPages[reader.ms.length % readerPages.length]!;
    try {
      const res = await get(agent, new URL(page, shape.url), { cookie: 'vw=1280' });
      reader.ms.push(res.ms);
      if (res.status !== 200) {
        reader.errors += 1;
        if (reader.samples.length < 5) reader.samples.push(`${page}: ${res.status}`);
      }
    } catch (error) {
      reader.errors += 1;
      if (reader.samples.length < 5) reader.samples.push(`${page}: ${(error as Error).message}`);
    }
    return Date.now() < deadline;
  });
  const crawlers = loop(CRAWLERS, async (agent) => {
    const page = crawl[next++];
    if (page === undefined) return false;
    try {
      const res = await get(agent, new URL(page, shape.url), { 'user-agent': BAIDUSPIDER });
      crawler.ms.push(res.ms);
      if (res.status === 200) crawler.ok += 1;
      else if (res.status === 503 && res.retryAfter > 0) {
        crawler.refused += 1;
        // As Baiduspider does: this connection comes back after Retry-After (the URL later in the crawl).
        crawl.push(page);
        await sleep(Math.min(res.retryAfter * 1000, Math.max(0, deadline - Date.now())));
      } else {
        crawler.bad += 1;
        if (crawler.samples.length < 5) crawler.samples.push(`${page}: ${res.status}`);
      }
    } catch (error) {
      crawler.bad += 1;
      if (crawler.samples.length < 5) crawler.samples.push(`${page}: ${(error as Error).message}`);
    }
    // The crawl ends when every URL was served or time is up.
    return Date.now() < deadline;
  });
  await Promise.all([readers, crawlers]);
  const rss = shape.state().workers.map((w) => peakRssMiB(w.pid));
  const workers = await workerReport(shape);
  console.log(`  workers after the storm: ${JSON.stringify(workers)}`);
  const readerP99 = percentile(reader.ms, 99);
  const crawlerP99 = percentile(crawler.ms, 99);
  opts.check(
    'crawler storm: readers of cached pages p99 <= 50 ms, no error',
    readerP99 <= 50 && reader.errors === 0,
    `${reader.ms.length} reads, p50 ${percentile(reader.ms, 50)} ms, p99 ${readerP99} ms, ${reader.errors} errors ${reader.samples.join('; ')}`,
  );
  opts.check(
    'crawler storm: the crawler got only 200, or 503 with Retry-After, p99 <= 2 s',
    crawler.bad === 0 && crawlerP99 <= 2000,
    `${crawler.ms.length} requests: ${crawler.ok} × 200, ${crawler.refused} × 503, ${crawler.bad} other ${crawler.samples.join('; ')}; p50 ${percentile(crawler.ms, 50)} ms, p99 ${crawlerP99} ms`,
  );
  opts.check(
    'crawler storm: each worker’s peak RSS <= 300 MB',
    Math.max(...rss) <= 300,
    `${rss.join(', ')} MB`,
  );
  const targets = [
    { name: 'crawler_reader_p99_ms', value: readerP99, target: 50, unit: 'ms' },
    { name: 'crawler_reader_errors', value: reader.errors, target: 0, unit: 'errors' },
    { name: 'crawler_p99_ms', value: crawlerP99, target: 2000, unit: 'ms' },
    { name: 'worker_peak_rss_mb', value: Math.max(...rss), target: 300, unit: 'MB' },
  ];
  return {
    targets,
    workers: {
      ...workers,
      peak_rss_mb: rss,
      peak_rss_before_storm_mb: rssBefore,
      reader_requests: [reader.ms.length],
      reader_p50_ms: [percentile(reader.ms, 50)],
      crawler_200: [crawler.ok],
      crawler_503: [crawler.refused],
      crawler_p50_ms: [percentile(crawler.ms, 50)],
    },
  };
}

/** Both scenarios; their checks go to the run's list, their figures to bench/results/cache.json. */
export async function cacheSoak(opts: CacheOptions): Promise<void> {
  const dataDir = path.join(opts.base, 'data-cache');
  const env = { DATABASE_URL: opts.databaseUrl, DATA_DIR: dataDir };
  console.log('› page cache: seeding the articles the crawler walks');
  await seedArticles({ ...env, SEED: 'demo' }, CRAWL_URLS);
  const redis = new PrivateRedis(REDIS_PORT);
  await redis.start();
  const shape = await startShape({
    label: 'cache',
    port: PORT,
    workers: WORKERS,
    workerPortBase: WORKER_PORT_BASE,
    dataDir,
    runDir: path.join(opts.base, 'run-cache'),
    env: {
      // As production runs it (React's production build; the SMS outbox allowed by name, as on staging).
      NODE_ENV: 'production',
      SMS_OUTBOX_IN_PRODUCTION: '1',
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: redis.url,
      METRICS_PORT: String(METRICS_PORT),
    },
  }).catch(async (error: unknown) => {
    await redis.stop();
    throw error;
  });
  try {
    const rssAtStart = shape.state().workers.map((w) => peakRssMiB(w.pid));
    console.log(`  peak RSS after the start: ${rssAtStart.join(', ')} MB`);
    const burstRun = await burst(shape, env, opts);
    const targets = [burstRun.target];
    const rssAfterBurst = shape.state().workers.map((w) => peakRssMiB(w.pid));
    console.log(`  peak RSS after the burst: ${rssAfterBurst.join(', ')} MB`);
    const stormed = await storm(shape, opts);
    targets.push(...stormed.targets);
    fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
    const result = {
      date: new Date().toISOString(),
      cores: os.cpus().length,
      workers: WORKERS,
      database: opts.databaseUrl ? 'postgres' : 'sqlite',
      stormSeconds: opts.stormSeconds,
      loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
      peak_rss_at_start_mb: rssAtStart,
      peak_rss_after_sign_in_mb: burstRun.rssAfterSignIn,
      peak_rss_after_burst_mb: rssAfterBurst,
      storm: stormed.workers,
      // Every target here is a most: a figure meets it when value <= target.
      targets,
    };
    fs.writeFileSync(path.join(ROOT, 'bench/results/cache.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await shape.stop();
    await redis.stop();
  }
}
