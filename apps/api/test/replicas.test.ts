import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDetail } from '@portal/api-client/contract';
import type { ReplicaStatus } from '../src/db';
import { READ_APPLICATION } from '../src/db/replicas';
import {
  serversUnsupported,
  startPrimary,
  startReplica,
  type PgReplica,
  type PgServer,
} from '../../../scripts/pg-replica';
import { insertFixtures } from './fixtures';
import { freshIp, openTestApp, type TestApp } from './helpers';
import { newMember } from './member-helpers';

/**
 * Reads from a real streaming replica (issue 27 part 3, DESIGN.md section 10): a private primary
 * and a `pg_basebackup -R` replica of it (scripts/pg-replica.ts), both stopped and removed at the
 * end. Where a read went is told by what it sees: the replay of the replica is paused, a row is
 * changed on the primary alone, and a read that answers the old value came from the replica.
 */
const skipped = process.env.DATABASE_URL
  ? serversUnsupported()
  : 'DATABASE_URL is not set: runs on the machine with PostgreSQL';

const DB = 'portal_replica_test';
/** The lag bound of this app: reads within it may go to a paused replica, past it they may not. */
const MAX_LAG_MS = 3000;
/** A replica that is never there: port 1 refuses every connection. */
const UNREACHABLE = `postgres://postgres@127.0.0.1:1/${DB}`;
const ARTICLE = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it is true; fails the test after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(100);
  }
}

describe.skipIf(skipped)(`reads from a streaming replica${skipped ? ` (skipped: ${skipped})` : ''}`, () => {
  let primary: PgServer | undefined;
  let replica: PgReplica;
  let t: TestApp;
  let titles = 0;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-replica-'));
    try {
      primary = await startPrimary();
      replica = await startReplica(primary.url('postgres'));
      await primary.sql(`create database ${DB}`);
      t = await openTestApp(
        'postgres',
        {
          options: { dataDir, databaseUrl: primary.url(DB) },
          drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
        },
        (app) => insertFixtures(app.database),
        {
          // No read cache: every call reads the database, so where it went shows in its answer.
          cacheTtlMs: 0,
          replicas: { urls: [UNREACHABLE, replica.url(DB)], maxLagMs: MAX_LAG_MS, checkMs: 100 },
        },
      );
    } catch (error) {
      await replica?.destroy();
      await primary?.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await replica?.destroy();
    await primary?.destroy();
  }, 60_000);

  const ready = async () => {
    const res = await t.inject({ method: 'GET', url: '/readyz' });
    return { code: res.statusCode, replicas: (res.json() as { replicas: ReplicaStatus[] }).replicas };
  };
  const stateOf = async () =>
    (await ready()).replicas.find((r) => r.replica === `127.0.0.1:${replica.port}`)!.state;
  const title = async () => {
    const res = await t.call<ArticleDetail>('article_content', { id: ARTICLE });
    expect(res.code).toBe(0);
    return res.data.title;
  };
  /** Changes the article's title on the primary alone (no content change is announced). */
  const retitle = async () => {
    titles += 1;
    const next = `主库上的第${titles}个标题`;
    await primary!.sql(`update articles set title = '${next}' where id = ${ARTICLE}`, DB);
    return next;
  };
  const replayed = (expected: string) => async () =>
    (await replica.sql(`select title from articles where id = ${ARTICLE}`, DB)) === expected;
  /** Pauses the replica, changes the title on the primary: a read of the old title came from the replica. */
  const servedByReplica = async () => {
    // A replica within the lag bound is used before it has replayed everything: wait for the fixtures.
    await until('the replica has the article', async () =>
      Boolean(await replica.sql(`select title from articles where id = ${ARTICLE}`, DB)),
    );
    await until('the replica serves reads', async () => (await stateOf()) === 'current');
    // …and has replayed past the last change's fence (writes that follow a change, such as the CDN
    // purge queue's, move the fence beyond the retitle itself).
    await until('the replica passed the fence', async () => t.app.database.replicas!.serving());
    const before = await title();
    await replica.pauseReplay();
    try {
      const after = await retitle();
      return { before, after, read: await title() };
    } finally {
      await replica.resumeReplay();
      await until('the replica replayed the change', replayed(`主库上的第${titles}个标题`));
    }
  };

  it('sends public reads to the replica and skips an unreachable one; /readyz reports both', async () => {
    const { before, after, read } = await servedByReplica();
    expect(read).toBe(before);
    expect(read).not.toBe(after);
    const r = await ready();
    expect(r.code).toBe(200);
    expect(r.replicas).toEqual([
      { replica: '127.0.0.1:1', state: 'down', lag_ms: null },
      { replica: `127.0.0.1:${replica.port}`, state: 'current', lag_ms: expect.any(Number) },
    ]);
  });

  it('skips a replica lagging past the bound, and reads from it again once it caught up', async () => {
    await until('the replica serves reads', async () => (await stateOf()) === 'current');
    const old = await title();
    await replica.pauseReplay();
    const fresh = await retitle();
    // Within the bound the paused replica still answers (the old title); past it, the primary does.
    await until('reads skip the lagging replica', async () => (await title()) === fresh);
    expect(await stateOf()).toBe('lagging');
    expect(await replica.sql(`select title from articles where id = ${ARTICLE}`, DB)).toBe(old);
    expect((await ready()).code).toBe(200);
    await replica.resumeReplay();
    await until('the replica caught up', async () => (await stateOf()) === 'current');
    const again = await servedByReplica();
    expect(again.read).toBe(again.before);
  });

  it('after a content change, reads go to the primary until the replica has replayed it', async () => {
    await until('the replica serves reads', async () => (await stateOf()) === 'current');
    await replica.pauseReplay();
    const published = await retitle();
    await t.app.contentChanges.announce();
    // Well within the lag bound, yet the read shows the change: the replica does not have it.
    expect(await title()).toBe(published);
    expect(await replayed(published)()).toBe(false);
    await replica.resumeReplay();
    await until('the replica replayed the change', replayed(published));
    const again = await servedByReplica();
    expect(again.read).toBe(again.before);
  });

  it("sends writes and a member's own reads after a write to the primary", async () => {
    await replica.pauseReplay();
    try {
      // Registering writes the member; logging in reads it back at once: a replica would not know it.
      const member = await newMember(t, { department: 2 });
      const info = await t.call<{ username: string }>('member_info', { id: member.id, ...member.identity });
      expect(info.code).toBe(0);
      expect(info.data.username).toBe(member.username);
      expect((await t.call('article_pv', { id: ARTICLE })).code).toBe(0);
      // The reader refuses a write outright, replica or not.
      await expect(
        t.app.readDb.db.updateTable('articles').set({ title: 'x' }).where('id', '=', ARTICLE).execute(),
      ).rejects.toThrow(/reads only/);
    } finally {
      await replica.resumeReplay();
    }
  });

  it('moves an open read-only transaction to the primary when its replica stops', async () => {
    await until('the replica serves reads', async () => (await stateOf()) === 'current');
    const where = await t.app.readDb.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const standby = await sql<{ r: boolean }>`select pg_is_in_recovery() as r`.execute(trx);
      await replica.stop('fast');
      const after = await sql<{ r: boolean }>`select pg_is_in_recovery() as r`.execute(trx);
      const setting = await sql<{ s: string }>`select current_setting('enable_seqscan') as s`.execute(trx);
      return { before: standby.rows[0]!.r, after: after.rows[0]!.r, setting: setting.rows[0]!.s };
    });
    expect(where).toEqual({ before: true, after: false, setting: 'off' });
    await until('the stopped replica is reported down', async () => (await stateOf()) === 'down');
    expect((await ready()).code).toBe(200);
    await replica.start();
    await until('the restarted replica serves again', async () => (await stateOf()) === 'current');
  });

  it('skips a stopped replica with no failed request, and serves from it again when restarted', async () => {
    await until('the replica serves reads', async () => (await stateOf()) === 'current');
    let stop = false;
    let requests = 0;
    const failures: string[] = [];
    const calls: [Parameters<TestApp['call']>[0], Record<string, unknown>][] = [
      ['article_content', { id: ARTICLE }],
      ['cate_list', { cat_id: 0, page: 1, pageSize: 10 }],
      ['search_list', { title: '华为', page: 1, pageSize: 10 }],
      ['get_category', {}],
    ];
    const loops = Array.from({ length: 8 }, async (_, i) => {
      for (let n = i; !stop; n++) {
        const [name, payload] = calls[n % calls.length]!;
        // A new client address each time: the search limit per address stays out of the way.
        const res = await t.call(name, payload, { headers: { 'x-forwarded-for': freshIp() } });
        requests += 1;
        if (res.code !== 0) failures.push(`${name}: ${res.code} ${res.msg}`);
      }
    });
    try {
      await until('reads reach the replica', async () => {
        const n = await replica.sql(
          `select count(*) from pg_stat_activity where application_name = '${READ_APPLICATION}'`,
        );
        return Number(n) > 0;
      });
      await replica.stop('fast');
      await until('the stopped replica is reported down', async () => (await stateOf()) === 'down');
      const during = requests;
      await until('reads go on without it', async () => requests > during + 20);
      await replica.start();
      await until('the restarted replica serves again', async () => (await stateOf()) === 'current');
    } finally {
      stop = true;
      await Promise.all(loops);
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(40);
    const again = await servedByReplica();
    expect(again.read).toBe(again.before);
  });
});
