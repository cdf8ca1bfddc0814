import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';
import { RetryingPool, type Checkout } from '../src/db/unavailable';
import { isDatabaseUnavailable } from '../src/lib/database-unavailable';
import errors from '../src/plugins/errors';
import { PUBLISHED, insertFixtures } from './fixtures';
import { startTestApp, type TestApp } from './helpers';

/** What node-postgres raises when the server is restarted under a query (`pg_ctl restart -m fast`). */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const ADMIN_SHUTDOWN = () => pgError('57P01', 'terminating connection due to administrator command');
const REFUSED = () => pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432');
const STARTING_UP = () => pgError('57P03', 'the database system is starting up');
const TERMINATED = () => new Error('Connection terminated unexpectedly');

describe('isDatabaseUnavailable', () => {
  it.each([
    ['admin_shutdown', ADMIN_SHUTDOWN()],
    ['cannot_connect_now', STARTING_UP()],
    ['connection refused', REFUSED()],
    ['connection lost mid-query', TERMINATED()],
    ['connection failure (class 08)', pgError('08006', 'connection failure')],
    ['every address refused', new AggregateError([REFUSED(), REFUSED()], 'connect failed')],
  ])('%s is', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
  it.each([
    ['a unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['a statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

/** A pg.Pool stand-in: hands out clients whose queries answer from `script` in order. */
function fakePool(script: (() => unknown)[], connects: (() => unknown)[] = []) {
  const log: string[] = [];
  let clients = 0;
  const open = async () => {
    const next = connects.shift();
    if (next) {
      const outcome = next();
      if (outcome instanceof Error) throw outcome;
    }
    const id = ++clients;
    return {
      async query(sql: string) {
        log.push(`${id}: ${sql}`);
        const step = script.shift();
        const outcome = step ? step() : { rows: [], command: 'SELECT', rowCount: 0 };
        if (outcome instanceof Error) throw outcome;
        return outcome;
      },
      release(destroy?: boolean | Error) {
        log.push(`${id}: release${destroy ? ' (destroyed)' : ''}`);
      },
    };
  };
  const pool = { options: {}, connect: open, async end() {} };
  // The one more try of a read opens a connection of its own; here it comes from the same script.
  return { pool: new RetryingPool(pool as unknown as pg.Pool, open as () => Promise<Checkout>, 1), log };
}

const OK = () => ({ rows: [{ n: 1 }], command: 'SELECT', rowCount: 1 });

describe('RetryingPool', () => {
  it('reads once more on a fresh connection when the server restarted under the read', async () => {
    const { pool, log } = fakePool([ADMIN_SHUTDOWN, OK]);
    const client = await pool.connect();
    const result = await client.query('select 1 as n', []);
    client.release();
    expect(result.rows).toEqual([{ n: 1 }]);
    expect(log).toEqual(['1: select 1 as n', '1: release (destroyed)', '2: select 1 as n', '2: release']);
  });

  it('reads once only: a second failure reaches the caller', async () => {
    const { pool } = fakePool([TERMINATED, TERMINATED]);
    const client = await pool.connect();
    await expect(client.query('select 1', [])).rejects.toThrow('Connection terminated');
  });

  it('gives the dead connection back once when no new one can be had', async () => {
    const { pool, log } = fakePool([ADMIN_SHUTDOWN], [() => undefined, REFUSED, REFUSED]);
    const client = await pool.connect();
    await expect(client.query('select 1', [])).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    client.release();
    expect(log).toEqual(['1: select 1', '1: release (destroyed)']);
  });

  it('never repeats a write, whose first try may have committed', async () => {
    const { pool, log } = fakePool([ADMIN_SHUTDOWN]);
    const client = await pool.connect();
    await expect(client.query('update articles set pv = pv + $1', [1])).rejects.toMatchObject({
      code: '57P01',
    });
    expect(log).toEqual(['1: update articles set pv = pv + $1']);
  });

  it('never repeats a read inside a transaction', async () => {
    const { pool, log } = fakePool([OK, ADMIN_SHUTDOWN]);
    const client = await pool.connect();
    await client.query('begin', []);
    await expect(client.query('select 1', [])).rejects.toMatchObject({ code: '57P01' });
    expect(log).toEqual(['1: begin', '1: select 1']);
  });

  it('never repeats a read that failed for its own reasons', async () => {
    const { pool } = fakePool([() => pgError('42P01', 'relation "nope" does not exist')]);
    const client = await pool.connect();
    await expect(client.query('select * from nope', [])).rejects.toMatchObject({ code: '42P01' });
  });

  it('connects once more when the server refused the first connection', async () => {
    const { pool } = fakePool([OK], [REFUSED]);
    const client = await pool.connect();
    expect((await client.query('select 1', [])).rows).toEqual([{ n: 1 }]);
    const down = fakePool([], [REFUSED, REFUSED, OK]);
    await expect(down.pool.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(errors);
    app.get('/api/read', async () => {
      throw ADMIN_SHUTDOWN();
    });
    app.post('/api/write', async () => {
      throw TERMINATED();
    });
    app.get('/api/bug', async () => {
      throw new TypeError('a bug');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it.each([
    ['GET', '/api/read'],
    ['POST', '/api/write'],
  ] as const)(
    'answers %s %s 503 with a code and a Chinese message when the database is gone',
    async (method, url) => {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: ErrorCode.DatabaseUnavailable,
        msg: ERROR_MESSAGES[ErrorCode.DatabaseUnavailable],
        data: null,
      });
      expect(ERROR_MESSAGES[ErrorCode.DatabaseUnavailable]).toMatch(/[\u4e00-\u9fff]/);
    },
  );

  it('keeps 500 for a bug', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: ErrorCode.ServerError });
  });
});

/** A real PostgreSQL server cuts every connection of the app (what a restart does to them). */
describe.skipIf(!process.env.DATABASE_URL)('connections cut on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres', (app) => insertFixtures(app.database), { cacheTtlMs: 0 });
  });
  afterAll(async () => t?.close());

  /** Once the app's `pg_sleep` query runs, cuts every connection of the app's database. */
  const terminateAll = async () => {
    const database = new URL(String(t.config.databaseUrl)).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      for (let i = 0; i < 200; i++) {
        const running = await admin.query(
          "select 1 from pg_stat_activity where datname = $1 and state = 'active' and query like '%pg_sleep%' and pid <> pg_backend_pid()",
          [database],
        );
        if (running.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      return killed.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  };

  it('finishes a read whose connection was terminated under it, on a fresh connection', async () => {
    const read = sql<{ n: number }>`select pg_sleep(2), 7 as n`.execute(t.app.database.db);
    expect(await terminateAll()).toBeGreaterThan(0);
    expect((await read).rows[0]?.n).toBe(7);
  });

  it('never repeats a write cut the same way (it answers 503), and reads after it', async () => {
    // The outcome is taken at once: the cut comes while the test waits.
    const write = sql`update articles set pv = pv + 1 where id = (select 1 from pg_sleep(2))`
      .execute(t.app.database.db)
      .then(
        () => null,
        (error: unknown) => error,
      );
    await terminateAll();
    expect(isDatabaseUnavailable(await write)).toBe(true);
    const list = await t.call<unknown[]>('cate_list', { cat_id: 0, page: 1, pageSize: 5 });
    expect(list.code).toBe(0);
    expect(list.data).toHaveLength(Math.min(5, PUBLISHED.length));
  });
});
