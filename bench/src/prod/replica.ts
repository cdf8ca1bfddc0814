/**
 * pnpm soak:prod, step 6: a streaming replica stopped under 200 reading connections.
 *
 * A private primary and a `pg_basebackup` replica of it (scripts/pg-replica.ts, removed
 * afterwards); the production shape (nginx + gateway workers) with DATABASE_URL on the primary and
 * DATABASE_REPLICA_URLS on the replica, and readers spread over a hundred article pages, so that
 * reads keep reaching the database through the caches (as a site's long tail does). The replica is stopped while 200 readers
 * run, then started again: no read may fail, /readyz stays 200 while it reports the replica down,
 * and every worker reads from it again once it is back. The failed reads are the figure
 * `replica_stop_failed_reads`.
 */
import path from 'node:path';
import { serversUnsupported, startPrimary, startReplica } from '../../../scripts/pg-replica';
import { readyz, startShape, until, type Shape } from './shape';
import { accessToken, api, readers, type TrafficResult } from './traffic';

/** The replica as a worker's /readyz reports it (apps/api/src/plugins/health.ts). */
interface ReplicaStatus {
  replica: string;
  state: string;
}

export interface ReplicaStopOptions {
  base: string;
  redisUrl: string;
  port: number;
  workerPortBase: number;
  workers: number;
  connections: number;
  settleMs: number;
  loopMaxMs: number;
  check: (name: string, ok: boolean, detail: string) => void;
  traffic: (t: TrafficResult) => string;
}

const DB = 'portal_replica';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Why step 6 cannot run here, or null. */
export const replicaStopUnsupported = (): string | null => serversUnsupported();

/** Runs step 6; resolves with the failed reads (null when it could not measure them). */
export async function replicaStop(o: ReplicaStopOptions): Promise<number | null> {
  console.log(`› a streaming replica stopped and started under ${o.connections} reading connections`);
  const primary = await startPrimary();
  let shape: Shape | undefined;
  try {
    const replica = await startReplica(primary.url('postgres'));
    try {
      await primary.sql(`create database ${DB}`);
      const name = `127.0.0.1:${replica.port}`;
      shape = await startShape({
        label: 'd',
        port: o.port,
        workers: o.workers,
        workerPortBase: o.workerPortBase,
        dataDir: path.join(o.base, 'data-d'),
        runDir: path.join(o.base, 'run-d'),
        env: {
          DATABASE_URL: primary.url(DB),
          DATABASE_REPLICA_URLS: replica.url(DB),
          REDIS_URL: o.redisUrl,
        },
      });
      const s = shape;
      /** Each worker's state of the replica, as its /readyz says (asked until it answers), and its status. */
      const states = () =>
        Promise.all(
          s.state().workers.map(async (w) => {
            let answer = await readyz(w.address);
            for (let i = 0; i < 5 && answer.status !== 200; i++) answer = await readyz(w.address);
            const replicas = (answer.body as unknown as { replicas?: ReplicaStatus[] }).replicas ?? [];
            return { status: answer.status, state: replicas.find((r) => r.replica === name)?.state };
          }),
        );
      const everyWorker = (state: string) => async () => (await states()).every((x) => x.state === state);
      const readConnections = async () =>
        Number(
          await replica.sql(
            `select count(*) from pg_stat_activity where datname = '${DB}' and application_name = 'portal-read'`,
          ),
        );
      const current = await until(everyWorker('current'), 60_000);
      const token = await accessToken(s.url);
      const list = await api<{ id: number }[]>(
        s.url,
        'cate_list',
        { cat_id: 0, page: 1, pageSize: 100 },
        token,
      );
      const pages = ['/', '/AI', '/video', ...list.data.map((a) => `/news/${a.id}`)];
      const load = readers(s.url, token, pages, o.connections, o.loopMaxMs);
      const served = await until(async () => (await readConnections()) > 0, 30_000);
      await sleep(o.settleMs);
      await replica.stop('fast');
      const stopped = Date.now();
      const skipped = await until(everyWorker('down'), 30_000);
      const whileDown = await states();
      await sleep(o.settleMs);
      const downMs = Date.now() - stopped;
      await replica.start();
      const restarted = Date.now();
      const back = await until(everyWorker('current'), 60_000);
      const backMs = Date.now() - restarted;
      // The pools of the workers reopen connections to it as reads arrive.
      const readsAgain = await until(async () => (await readConnections()) > 0, 30_000);
      await sleep(o.settleMs);
      const result = await load.stop();
      o.check(
        'replica stop: every worker read from the replica before it stopped',
        current && served,
        current
          ? 'replica current on every worker, read connections open on it'
          : 'replica not current in 60 s',
      );
      o.check(
        'replica stop: no reader request failed',
        result.failures === 0 && result.requests > 0,
        o.traffic(result),
      );
      o.check(
        'replica stop: every worker skipped it and stayed ready',
        skipped && whileDown.every((x) => x.status === 200),
        whileDown.map((x) => `${x.status} replica=${x.state}`).join(', '),
      );
      o.check(
        'replica stop: every worker reads from it again after the restart',
        back && readsAgain,
        back
          ? `down for ${downMs} ms; current on every worker ${backMs} ms after pg_ctl start returned`
          : 'not current in 60 s',
      );
      return result.failures;
    } finally {
      await shape?.stop();
      await replica.destroy();
    }
  } finally {
    await primary.destroy();
  }
}
