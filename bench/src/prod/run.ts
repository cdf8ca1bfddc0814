/**
 * pnpm soak:prod — the production shape (`npm run start:prod`: nginx + gateway workers) failing
 * under load, on this machine, 127.0.0.1 only, every loop bounded in count and time:
 *
 * 1. kill -9 of one worker under 200 reading connections: no reader request fails, the worker comes back.
 * 2. Rolling restart (SIGHUP) under 200 readers and 10 writers (acknowledged page views): no request
 *    fails, every worker is replaced, and the stored count grew by exactly the acknowledged views.
 * 3. Redis (a private redis-server on a spare port) stopped and started under load: pages keep
 *    serving, member login and send_sms refuse while the shared counters are gone, and after the
 *    restart every worker is ready again, login works and every worker's subscription is back.
 * 4. A second set of workers (a second machine: its own nginx, workers and caches) on the same
 *    database and Redis: an article published through the first is served by the second within 2 s.
 *
 * 5. PostgreSQL restarted under load: a private cluster (pg_createcluster on a spare port, trust on
 *    loopback, dropped afterwards; never the shared server) restarted under 200 readers and 10
 *    writers: every request gets an answer (a failed one an error page or envelope, never a reset
 *    or a hang), every worker's pool reconnects (/readyz), no acknowledged view is lost, and the
 *    requests after the restart all succeed. Skipped without pg_createcluster or root, or with
 *    --skip-pg-restart.
 * 6. A streaming replica stopped and started under 200 readers (bench/src/prod/replica.ts): no read
 *    fails, every worker skips it while it is down and reads from it again once it is back. The
 *    failed reads are `figures.replica_stop_failed_reads` in prod.json. Skipped without root or
 *    PostgreSQL's programs, or with --skip-replica.
 *
 * Steps 1-4 run on SQLite by default; on PostgreSQL when PROD_DATABASE_URL (or DATABASE_URL) names
 * a server (a fresh database `portal_prodtest` is made there).
 *
 * 7. The page cache and the overload rule (./cache.ts): renders of a burst of first readers, and a
 *    crawler storm beside readers of cached pages; its figures go to bench/results/cache.json.
 *
 * --only-pg-restart, --only-replica and --only-cache run step 5, 6 or 7 alone (--skip-pg-restart,
 * --skip-replica and --skip-cache leave one out; --storm-seconds N sets the storm, default 60).
 *
 * Prints one line per check and "N passed, N failed"; exits 1 when any check failed. Writes
 * bench/results/prod.json. Flags: --seconds N (load before and after each event, default 3).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@portal/api-client/codes';
import { ROOT, freshPgDatabase } from '../proc';
import { cacheSoak } from './cache';
import { replicaStop, replicaStopUnsupported } from './replica';
import { PrivateRedis, backOffice, readyz, startShape, until, type Shape } from './shape';
import { accessToken, api, readers, writers, type TrafficResult } from './traffic';

const args = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SETTLE_MS = num('seconds', 3) * 1000;
const READERS = 200;
const WRITERS = 10;
/** No loop runs longer than this, whatever happens. */
const LOOP_MAX_MS = 180_000;
/** Ports of this run (never 8080 or the shared 6379). */
const PORTS = {
  a: 8125,
  b: 8126,
  c: 8128,
  d: 8129,
  workersA: 9125,
  workersB: 9135,
  workersC: 9145,
  workersD: 9155,
  redis: 6395,
  pg: 5499,
} as const;
const WORKERS = 2;

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
const checks: Check[] = [];
function check(name: string, ok: boolean, detail: string): void {
  checks.push({ name, ok, detail });
  console.log(`  ${ok ? '✓' : '✗'} ${name}: ${detail}`);
}
const traffic = (t: TrafficResult) =>
  `${t.requests} requests, ${t.failures} failed${t.samples.length ? ` (${t.samples.slice(0, 3).join('; ')})` : ''}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function killAndComeBack(shape: Shape, token: string, pages: string[]): Promise<void> {
  console.log('› kill -9 of one worker under 200 reading connections');
  const load = readers(shape.url, token, pages, READERS, LOOP_MAX_MS);
  await sleep(SETTLE_MS);
  const victim = shape.state().workers[0]!;
  process.kill(victim.pid!, 'SIGKILL');
  const killedAt = Date.now();
  const back = await until(async () => {
    const now = shape.state().workers.find((w) => w.slot === victim.slot);
    return !!now?.pid && now.pid !== victim.pid && (await readyz(now.address)).status === 200;
  }, 60_000);
  const backMs = Date.now() - killedAt;
  await sleep(SETTLE_MS);
  const result = await load.stop();
  check('kill -9: no reader request failed', result.failures === 0 && result.requests > 0, traffic(result));
  check('kill -9: the worker came back', back, back ? `ready again after ${backMs} ms` : 'not back in 60 s');
}

async function rollingRestart(
  shape: Shape,
  token: string,
  pages: string[],
  articleId: number,
): Promise<void> {
  console.log('› rolling restart (SIGHUP) under 200 readers and 10 writers');
  const before = shape.state().workers.map((w) => w.pid);
  const pv0 = (await api<{ pv: number }>(shape.url, 'article_pv', { id: articleId }, token)).data.pv;
  const read = readers(shape.url, token, pages, READERS, LOOP_MAX_MS);
  const write = writers(shape.url, token, articleId, WRITERS, LOOP_MAX_MS);
  await sleep(SETTLE_MS);
  const done = shape.waitForLog(/rolling restart done in (\d+) ms/, 120_000);
  const began = Date.now();
  shape.child.kill('SIGHUP');
  const finished = await done.then(
    () => true,
    () => false,
  );
  const restartMs = Date.now() - began;
  await sleep(SETTLE_MS);
  const [r, w] = [await read.stop(), await write.stop()];
  const after = shape.state().workers.map((x) => x.pid);
  const pv1 = (await api<{ pv: number }>(shape.url, 'article_pv', { id: articleId }, token)).data.pv;
  check('rolling restart: finished', finished, `${restartMs} ms for ${before.length} workers`);
  check(
    'rolling restart: every worker replaced',
    after.every((pid, i) => pid !== null && pid !== before[i]),
    `${before.join(',')} → ${after.join(',')}`,
  );
  check('rolling restart: no reader request failed', r.failures === 0 && r.requests > 0, traffic(r));
  check('rolling restart: no writer request failed', w.failures === 0 && w.requests > 0, traffic(w));
  // Every acknowledged view is stored; a view whose answer was lost (a failed request) may be stored too.
  const stored = pv1 - pv0 - 1;
  check(
    'rolling restart: every acknowledged view stored',
    stored >= write.acknowledged() && stored <= write.acknowledged() + w.failures,
    `${write.acknowledged()} acknowledged, ${stored} stored (count ${pv0} → ${pv1})`,
  );
}

async function redisOutage(shape: Shape, redis: PrivateRedis, token: string, pages: string[]): Promise<void> {
  console.log('› Redis stopped and started under 200 reading connections');
  const login = () => api(shape.url, 'member_login', { username: 'demo', password: 'demo123456' }, token);
  const load = readers(shape.url, token, pages, READERS, LOOP_MAX_MS);
  await sleep(SETTLE_MS);
  await redis.stop();
  await sleep(1000);
  const refusedLogin = await login();
  const refusedSms = await api(shape.url, 'send_sms', { mobile: '13800000000' }, token);
  // Each worker's own answer (a loaded worker may take a while to get to it: asked until it answers).
  const workersDown = await Promise.all(
    shape.state().workers.map(async (w) => {
      let answer = await readyz(w.address);
      for (let i = 0; i < 5 && answer.status === 0; i++) answer = await readyz(w.address);
      return answer;
    }),
  );
  await sleep(SETTLE_MS);
  await redis.start();
  const restarted = Date.now();
  // Every worker has answered ready with Redis up at least once since the restart.
  const seenUp = new Set<string>();
  const ready = await until(async () => {
    await Promise.all(
      shape.state().workers.map(async (w) => {
        const x = await readyz(w.address);
        if (x.status === 200 && x.body.redis === 'up') seenUp.add(w.address);
      }),
    );
    return seenUp.size === shape.state().workers.length;
  }, 60_000);
  const readyMs = Date.now() - restarted;
  const subscribed = await until(
    async () =>
      Number((await redis.cli('pubsub', 'numsub', 'portal:content-changed')).split('\n')[1]) >= WORKERS,
    15_000,
  );
  const loginAfter = await login();
  await sleep(SETTLE_MS);
  const result = await load.stop();
  check('Redis down: pages kept serving', result.failures === 0 && result.requests > 0, traffic(result));
  check(
    'Redis down: member login refused (not let through uncounted)',
    refusedLogin.code !== 0,
    `code ${refusedLogin.code} ${refusedLogin.msg}`,
  );
  check('Redis down: send_sms refused', refusedSms.code !== 0, `code ${refusedSms.code} ${refusedSms.msg}`);
  check(
    'Redis down: /readyz says so',
    workersDown.every((x) => x.status === 503 && x.body.redis === 'down'),
    workersDown.map((x) => `${x.status} redis=${x.body.redis}`).join(', '),
  );
  check(
    'Redis back: every worker ready again',
    ready,
    ready ? `${readyMs} ms after the restart` : 'not in 60 s',
  );
  check('Redis back: every worker subscribed again', subscribed, 'pubsub numsub portal:content-changed');
  check('Redis back: member login works', loginAfter.code === 0, `code ${loginAfter.code}`);
}

async function secondMachine(a: Shape, b: Shape, toolEnv: Record<string, string>): Promise<void> {
  console.log(
    '› two sets of workers (two machines) on one database and Redis: a publish in one, read in the other',
  );
  const admin = await backOffice(a.url, toolEnv);
  const title = `两台机器的发布测试 ${Date.now()}`;
  const { id } = await admin<{ id: number }>('/articles', {
    title,
    category: 'AI',
    content: '<p>由第一组进程发布，第二组进程读取。</p>',
  });
  // The second machine has looked at the page (a 404, cached wherever it caches) before the publish.
  const pagePath = `/news/${id}`;
  const statusOn = async (shape: Shape) =>
    (await fetch(new URL(pagePath, shape.url), { headers: { cookie: 'vw=1280' } })).status;
  const before = await statusOn(b);
  const published = Date.now();
  await admin(`/articles/${id}/publish`, {});
  const seen = await until(async () => (await statusOn(b)) === 200, 10_000);
  const seenMs = Date.now() - published;
  check('second machine: unpublished article not served', before === 404, `GET ${pagePath} → ${before}`);
  check(
    'second machine: a publish in the first is served by the second within 2 s',
    seen && seenMs <= 2000,
    seen ? `${seenMs} ms` : 'not within 10 s',
  );
}

/** A private PostgreSQL cluster of this machine's version on PORTS.pg, created and dropped by this run. */
function pgCluster(action: 'create' | 'drop' | 'restart', version: string): void {
  const name = 'portal_prodtest';
  if (action === 'create') {
    execFileSync(
      'pg_createcluster',
      [version, name, '-p', String(PORTS.pg), '--start', '--', '--auth-host=trust', '--auth-local=trust'],
      { stdio: 'ignore' },
    );
  } else if (action === 'restart') {
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, name, 'restart', '-m', 'fast'], {
      stdio: 'ignore',
    });
  } else {
    execFileSync('pg_dropcluster', [version, name, '--stop'], { stdio: 'ignore' });
  }
}

async function postgresRestart(base: string, redisUrl: string): Promise<void> {
  console.log(
    `› PostgreSQL (a private cluster on port ${PORTS.pg}) restarted under 200 readers and 10 writers`,
  );
  const version = fs.readdirSync('/etc/postgresql').sort().at(-1)!;
  try {
    pgCluster('drop', version); // a leftover of an interrupted run
  } catch {
    // none
  }
  pgCluster('create', version);
  let shape: Shape | undefined;
  try {
    const databaseUrl = await freshPgDatabase(
      `postgres://postgres@127.0.0.1:${PORTS.pg}/postgres`,
      'portal_prodtest',
    );
    shape = await startShape({
      label: 'c',
      port: PORTS.c,
      workers: WORKERS,
      workerPortBase: PORTS.workersC,
      dataDir: path.join(base, 'data-c'),
      runDir: path.join(base, 'run-c'),
      env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
    });
    const url = shape.url;
    const token = await accessToken(url);
    const list = await api<{ id: number }[]>(url, 'cate_list', { cat_id: 0, page: 1, pageSize: 1 }, token);
    const articleId = list.data[0]!.id;
    const pages = ['/', `/news/${articleId}`, '/AI', `/search?data=${encodeURIComponent('存储')}`, '/video'];
    const pv0 = (await api<{ pv: number }>(url, 'article_pv', { id: articleId }, token)).data.pv;
    const pidsBefore = shape.state().workers.map((x) => x.pid);
    const read = readers(url, token, pages, READERS, LOOP_MAX_MS);
    const write = writers(url, token, articleId, WRITERS, LOOP_MAX_MS);
    await sleep(SETTLE_MS);
    const restarted = Date.now();
    pgCluster('restart', version);
    // Every worker has answered ready (its pool reconnected) at least once since the restart.
    const seenReady = new Set<string>();
    const ready = await until(async () => {
      await Promise.all(
        shape!.state().workers.map(async (w) => {
          if ((await readyz(w.address)).status === 200) seenReady.add(w.address);
        }),
      );
      return seenReady.size === shape!.state().workers.length;
    }, 60_000);
    const readyMs = Date.now() - restarted;
    await sleep(1000);
    const [r, w] = [await read.stop(), await write.stop()];
    // After the pools reconnected: a fresh round of the same traffic must not fail at all.
    const after = readers(url, token, pages, READERS, LOOP_MAX_MS);
    const afterW = writers(url, token, articleId, WRITERS, LOOP_MAX_MS);
    await sleep(SETTLE_MS);
    const [r2, w2] = [await after.stop(), await afterW.stop()];
    const pv1 = (await api<{ pv: number }>(url, 'article_pv', { id: articleId }, token)).data.pv;
    const acked = write.acknowledged() + afterW.acknowledged();
    const stored = pv1 - pv0 - 1;
    const pidsAfter = shape.state().workers.map((x) => x.pid);
    // A failed request is the worker's own 503 (ErrorCode.DatabaseUnavailable: the error page or
    // envelope). nginx's 502/504 would mean no worker answered; a 500, a failure not recognised.
    const notUnavailable = (t: TrafficResult) =>
      Object.entries(t.byStatus).reduce(
        (n, [status, count]) =>
          n + (status === '503' || status === `code ${ErrorCode.DatabaseUnavailable}` ? 0 : count),
        0,
      );
    check(
      'PostgreSQL restart: every request answered by a worker, a failure only as 503 (never 500, 502, reset or hang)',
      r.unanswered + w.unanswered + notUnavailable(r) + notUnavailable(w) === 0,
      `readers ${traffic(r)} ${JSON.stringify(r.byStatus)}; writers ${traffic(w)} ${JSON.stringify(w.byStatus)}`,
    );
    check(
      'PostgreSQL restart: every worker ready again (pools reconnected)',
      ready,
      ready ? `${readyMs} ms after the restart began` : 'not in 60 s',
    );
    check(
      'PostgreSQL restart: no worker died',
      pidsAfter.every((pid, i) => pid === pidsBefore[i]),
      `${pidsBefore.join(',')} → ${pidsAfter.join(',')}`,
    );
    check(
      'PostgreSQL restart: no failure once ready',
      r2.failures + w2.failures === 0 && r2.requests > 0,
      `readers ${traffic(r2)}; writers ${traffic(w2)}`,
    );
    check(
      'PostgreSQL restart: every acknowledged view stored',
      stored >= acked && stored <= acked + w.failures + w2.failures,
      `${acked} acknowledged, ${stored} stored`,
    );
  } finally {
    await shape?.stop();
    pgCluster('drop', version);
  }
}

async function main(): Promise<number> {
  const began = Date.now();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-prod-'));
  const pgBase = process.env.PROD_DATABASE_URL ?? process.env.DATABASE_URL;
  const databaseUrl = pgBase ? await freshPgDatabase(pgBase, 'portal_prodtest') : '';
  const dataDir = path.join(base, 'data');
  const redis = new PrivateRedis(PORTS.redis);
  const env = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url };
  const shapes: Shape[] = [];
  /** Step 6's figure (DESIGN.md section 10 names it); null when the step did not run. */
  let replicaStopFailedReads: number | null = null;
  const only = args.find((a) => a.startsWith('--only-'));
  console.log(
    `› production shape on ${databaseUrl ? 'PostgreSQL' : 'SQLite'} + a private Redis (port ${PORTS.redis})`,
  );
  try {
    await redis.start();
    if (!only) {
      const a = await startShape({
        label: 'a',
        port: PORTS.a,
        workers: WORKERS,
        workerPortBase: PORTS.workersA,
        dataDir,
        runDir: path.join(base, 'run-a'),
        env,
      });
      shapes.push(a);
      const token = await accessToken(a.url);
      const list = await api<{ id: number }[]>(
        a.url,
        'cate_list',
        { cat_id: 0, page: 1, pageSize: 1 },
        token,
      );
      const articleId = list.data[0]!.id;
      const pages = [
        '/',
        `/news/${articleId}`,
        '/AI',
        `/search?data=${encodeURIComponent('华为')}`,
        '/video',
      ];
      for (const page of pages) {
        const res = await fetch(new URL(page, a.url), { headers: { cookie: 'vw=1280' } });
        if (res.status !== 200) throw new Error(`${page} answers ${res.status} before any failure`);
      }
      await killAndComeBack(a, token, pages);
      await rollingRestart(a, token, pages, articleId);
      await redisOutage(a, redis, token, pages);
      const b = await startShape({
        label: 'b',
        port: PORTS.b,
        workers: 1,
        workerPortBase: PORTS.workersB,
        dataDir,
        runDir: path.join(base, 'run-b'),
        env,
      });
      shapes.push(b);
      await secondMachine(a, b, { DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
      const codes = await Promise.all(shapes.splice(0).map((s) => s.stop()));
      check(
        'clean stop: every supervisor exited 0',
        codes.every((c) => c === 0),
        `exit codes ${codes.join(', ')}`,
      );
    }
    if ((!only && !args.includes('--skip-cache')) || only === '--only-cache') {
      const stormSeconds = num('storm-seconds', 60);
      await cacheSoak({ base, databaseUrl, stormSeconds, check });
    }
    const canCluster = process.getuid?.() === 0 && fs.existsSync('/usr/bin/pg_createcluster');
    if (only === '--only-cache' || only === '--only-replica') {
      // another step alone
    } else if (args.includes('--skip-pg-restart') || !canCluster) {
      console.log('› PostgreSQL restart skipped (--skip-pg-restart, or no pg_createcluster / not root)');
    } else {
      await postgresRestart(base, redis.url);
    }
    const noReplica = args.includes('--skip-replica') ? '--skip-replica' : replicaStopUnsupported();
    if ((only && only !== '--only-replica') || noReplica) {
      console.log(`› replica stop skipped (${noReplica ?? only})`);
    } else {
      replicaStopFailedReads = await replicaStop({
        base,
        redisUrl: redis.url,
        port: PORTS.d,
        workerPortBase: PORTS.workersD,
        workers: WORKERS,
        connections: READERS,
        settleMs: SETTLE_MS,
        loopMaxMs: LOOP_MAX_MS,
        check,
        traffic,
      });
    }
  } catch (error) {
    check('ran to the end', false, (error as Error).stack ?? String(error));
  } finally {
    await Promise.all(shapes.map((s) => s.stop()));
    await redis.stop();
    fs.rmSync(base, { recursive: true, force: true });
  }
  const failed = checks.filter((c) => !c.ok).length;
  const seconds = Math.round((Date.now() - began) / 1000);
  // prod.json records a full run (its replica figure feeds the targets); one step run alone while
  // iterating only prints its checks (the cache step writes cache.json itself).
  const record = !only || only === '--only-replica';
  if (!record) console.log(`› ${only}: bench/results/prod.json left as the last full run wrote it`);
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  if (record)
    fs.writeFileSync(
      path.join(ROOT, 'bench/results/prod.json'),
      `${JSON.stringify(
        {
          database: databaseUrl ? 'postgres' : 'sqlite',
          seconds,
          figures: { replica_stop_failed_reads: replicaStopFailedReads },
          checks,
        },
        null,
        2,
      )}\n`,
    );
  console.log(`production shape failure tests: ${seconds} s`);
  console.log(`${checks.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
