import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, type Envelope } from '@portal/api-client/codes';
import type { ArticleDetail } from '@portal/api-client/contract';
import { buildApp } from '../src/app';
import { openDb } from '../src/db';
import { DIALECTS, TEST_CLIENT, createTestDatabase, startTestApp, type TestApp } from './helpers';
import { insertFixtures } from './fixtures';

type Pv = { lasttime: number; pv: number };

const storedPv = async (t: TestApp, id: number) =>
  Number(
    (
      await t.app.database.db
        .selectFrom('articles')
        .select('pv')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).pv,
  );

describe.each(DIALECTS)('article calls on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(async () => t?.close());

  it('article_content: the article with category, seo and neighbours in its category', async () => {
    const res = await t.call<ArticleDetail>('article_content', { id: 25 });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      id: 25,
      title: '华为云发布新一代存储方案',
      url: '/AI/25',
      author: '作者',
      adminName: '编辑',
      source_name: '本站',
      content: '<p>华为云今天发布了全新的存储产品，支持 Kubernetes 集群。</p>',
      cat_id: 694,
      cat_name: '人工智能',
      cat_alias: 'AI',
      seo: { title: '华为云发布新一代存储方案', description: '人工智能领域的动态', keyword: '' },
      created_at: '2025-01-02 09:00',
      // Never edited in the back office: the last edit is the publication.
      updated_at: '2025-01-02 09:00',
    });
    expect(res.data.prev).toMatchObject({ id: 22, url: '/AI/22' });
    expect(res.data.next).toMatchObject({ id: 28, url: '/AI/28' });
  });

  it('article_content: updated_at is the last edit in Beijing time (Baidu upDate, dateModified)', async () => {
    const { created_at } = await t.app.database.db
      .selectFrom('articles')
      .select('created_at')
      .where('id', '=', 28)
      .executeTakeFirstOrThrow();
    const edited = Number(created_at) + 26 * 3600_000 + 15 * 60_000;
    await t.app.database.db
      .updateTable('articles')
      .set({ updated_at: edited })
      .where('id', '=', 28)
      .execute();
    const res = await t.call<ArticleDetail>('article_content', { id: 28 });
    const beijing = new Date(edited + 8 * 3600_000).toISOString();
    expect(res.data.updated_at).toBe(`${beijing.slice(0, 10)} ${beijing.slice(11, 16)}`);
    expect(res.data.updated_at).not.toBe(res.data.created_at);
  });

  it('article_content: /news/{id} and no alias for a category without a page; ends of the chain', async () => {
    const res = await t.call<ArticleDetail>('article_content', { id: 31, type: 1 });
    expect(res.data).toMatchObject({
      url: '/news/31',
      cat_alias: '',
      cat_name: '资讯',
      prev: null,
      next: null,
    });
    expect((await t.call<ArticleDetail>('article_content', { id: 1 })).data.prev).toBeNull();
  });

  it('article_content: hidden and unknown articles, bad ids', async () => {
    const notFound = { code: ErrorCode.NotFound, msg: '文章不存在或已下线', data: null };
    expect(await t.call('article_content', { id: 29 })).toEqual(notFound);
    expect(await t.call('article_content', { id: 999999 })).toEqual(notFound);
    expect(await t.call('article_content', {})).toMatchObject({
      code: ErrorCode.Validation,
      msg: '文章不能为空',
    });
    expect(await t.call('article_content', { id: 0 })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '文章不正确',
    });
    expect(await t.call('article_content', { id: [1] })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '文章必须是数字',
    });
    expect(await t.call('article_content', { id: 1e30 })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '文章超出范围',
    });
  });

  it('article_pv: counts a first view, not one within 10 s, again after 10 s', async () => {
    const before = await storedPv(t, 3);
    const first = await t.call<Pv>('article_pv', { id: 3 });
    expect(first.code).toBe(0);
    expect(first.data.pv).toBe(before + 1);
    const lasttime = first.data.lasttime;

    const again = await t.call<Pv>('article_pv', { id: 3, lasttime });
    expect(again.data).toEqual({ lasttime, pv: before + 1 });

    const later = await t.call<Pv>('article_pv', { id: 3, lasttime: lasttime - 11_000 });
    expect(later.data.pv).toBe(before + 2);
    expect(later.data.lasttime).not.toBe(lasttime - 11_000);

    // Stored before it was acknowledged; the answer counts each view once.
    expect(await storedPv(t, 3)).toBe(before + 2);
    const after = await t.call<Pv>('article_pv', { id: 3, lasttime: later.data.lasttime });
    expect(after.data.pv).toBe(before + 2);
  });

  it('article_pv: unknown or hidden articles and bad lasttime', async () => {
    expect((await t.call('article_pv', { id: 29 })).code).toBe(ErrorCode.NotFound);
    expect((await t.call('article_pv', { id: 999999 })).code).toBe(ErrorCode.NotFound);
    expect(await t.call('article_pv', { id: 3, lasttime: 'yesterday' })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '上次访问时间必须是数字',
    });
  });
});

describe.each(DIALECTS)('page views are durable once acknowledged on %s', (dialect) => {
  const options = (testDb: Awaited<ReturnType<typeof createTestDatabase>>) => ({
    ...testDb.options,
    seed: false,
    logLevel: 'silent' as const,
    redisUrl: '',
    clientId: TEST_CLIENT.id,
    clientSecret: TEST_CLIENT.secret,
  });
  const pvCall = async (app: FastifyInstance, token: string, id: number) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/article_pv',
        payload: { id },
        headers: { authorization: `Bearer ${token}` },
      })
    ).json() as Envelope<Pv>;
  const tokenOf = async (app: FastifyInstance) =>
    (
      (
        await app.inject({ method: 'POST', url: '/api/accessToken', payload: TEST_CLIENT })
      ).json() as Envelope<{ access_token: string }>
    ).data.access_token;
  /** The article's count as another process sees it: what a kill -9 of the server would leave. */
  const pvSeenElsewhere = async (testDb: Awaited<ReturnType<typeof createTestDatabase>>, id: number) => {
    const other = openDb({ dataDir: testDb.options.dataDir!, databaseUrl: testDb.options.databaseUrl });
    try {
      const row = await other.db
        .selectFrom('articles')
        .select('pv')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.pv);
    } finally {
      await other.close();
    }
  };

  it('an acknowledged view is already committed when the answer leaves (a crash now keeps it)', async () => {
    const testDb = await createTestDatabase(dialect);
    try {
      const app = await buildApp(options(testDb));
      try {
        await insertFixtures(app.database);
        const token = await tokenOf(app);
        const views = await Promise.all(Array.from({ length: 40 }, () => pvCall(app, token, 7)));
        expect(views.every((v) => v.code === 0)).toBe(true);
        // Each answer carries the count committed with its batch: the last batch's is the total.
        expect(Math.max(...views.map((v) => v.data.pv))).toBe(40);
        // Read by a second connection while the server still runs, with no flush and no close.
        expect(await pvSeenElsewhere(testDb, 7)).toBe(40);
        // A hidden or unknown article counts nothing and says so.
        expect((await pvCall(app, token, 29)).code).toBe(ErrorCode.NotFound);
      } finally {
        await app.close();
      }
    } finally {
      await testDb.drop();
    }
  });

  it('views still in flight when the app closes are written and answered, exactly once', async () => {
    const testDb = await createTestDatabase(dialect);
    try {
      const app = await buildApp(options(testDb));
      await insertFixtures(app.database);
      const inFlight = Array.from({ length: 25 }, () => app.pageViews.add(7));
      await app.close();
      const counts = await Promise.all(inFlight);
      // Every view was answered with a committed count (null would mean not counted).
      expect(counts.every((n) => n !== null && n >= 1)).toBe(true);
      expect(Math.max(...counts.map(Number))).toBe(25);
      expect(await pvSeenElsewhere(testDb, 7)).toBe(25);
    } finally {
      await testDb.drop();
    }
  });
});
