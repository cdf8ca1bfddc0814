import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleStats, ArticleViewsPage, StatsOverview } from '@portal/api-client/stats';
import { buildApp } from '../src/app';
import { formatDate } from '../src/lib/time';
import { pruneDailyViews } from '../src/repositories/views-daily';
import { REFERENCE_DATE } from '../src/seed';
import { demoDailyViews } from '../src/seed/reader-stats';
import { adminCall, editorSession, type EditorSession } from './editor-helpers';
import { DIALECTS, isolatedRedisUrl, startTestApp, type TestApp } from './helpers';
import { insertFixtures } from './fixtures';

/**
 * Issue 25 section 2: page views counted per article, day, device and source, and the statistics
 * calls of the back office. Runs on SQLite, on PostgreSQL with DATABASE_URL, and with Redis on when
 * REDIS_URL is set (the deployment shape of several processes).
 */
const redis = () => (process.env.REDIS_URL ? { redisUrl: isolatedRedisUrl() } : {});

describe.each(DIALECTS)('reader statistics on %s', (dialect) => {
  let t: TestApp;
  let editor: EditorSession;
  let admin: EditorSession;
  let reviewer: EditorSession;
  let today: string;

  const view = (id: number, extra: Record<string, unknown> = {}) => t.call('article_pv', { id, ...extra });
  const dailyRows = (id: number) =>
    t.app.database.db
      .selectFrom('article_views_daily')
      .selectAll()
      .where('article_id', '=', id)
      .orderBy('device')
      .orderBy('source')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database), {
      ...redis(),
      publicOrigins: { desktop: 'https://www.smb-it.cn', mobile: 'https://m.smb-it.cn' },
    });
    editor = await editorSession(t, 'stats-editor', 'editor');
    admin = await editorSession(t, 'stats-admin', 'admin');
    reviewer = await editorSession(t, 'stats-reviewer', 'reviewer');
    today = formatDate(Date.now());
  });
  afterAll(async () => t?.close());

  it('a view from a phone with a Baidu referrer is counted under its day, the phone and Baidu, and nothing else', async () => {
    const res = await view(7, { ref: 'https://m.baidu.com/s?word=%E4%BA%91', device: 'phone' });
    expect(res.code).toBe(0);
    const rows = await dailyRows(7);
    expect(rows.map((r) => ({ ...r, views: Number(r.views) }))).toEqual([
      { article_id: 7, day: today, device: 'phone', source: 'baidu', views: 1 },
    ]);
    // Only the two classes are stored: no referrer, address or cookie column exists to hold one.
    expect(Object.keys(rows[0]!).sort()).toEqual(['article_id', 'day', 'device', 'source', 'views']);
    const overview = await adminCall(t, editor, 'GET', '/stats/overview');
    expect(overview.statusCode).toBe(200);
    const o = overview.json<StatsOverview>();
    expect(o.today).toBe(today);
    expect(o.trend.at(-1)).toEqual({ day: today, views: o.views.today });
    expect(o.bySource.find((s) => s.key === 'baidu')).toMatchObject({ label: '百度', views: 1 });
    expect(o.byDevice.find((d) => d.key === 'phone')).toMatchObject({ label: '手机', views: 1 });
    expect(o.topToday.find((a) => a.id === 7)).toMatchObject({ views: 1 });
  });

  it('classifies referrers: the portal itself, WeChat, Weibo, other sites, none; desktop when unsaid', async () => {
    await view(8, { ref: 'https://www.smb-it.cn/AI/3' });
    await view(8, { ref: 'https://m.smb-it.cn/' });
    await view(8, { ref: 'android-app://com.tencent.mm/' });
    await view(8, { ref: 'https://weibo.com/u/1' });
    await view(8, { ref: 'https://notbaidu.com/x' });
    await view(8, { ref: '' });
    await view(8, { ref: 'https://www.so.com/s?q=1', device: 'landing' });
    const rows = (await dailyRows(8)).map((r) => `${r.device}:${r.source}:${Number(r.views)}`);
    expect(rows.sort()).toEqual(
      [
        'desktop:internal:2',
        'desktop:wechat:1',
        'desktop:weibo:1',
        'desktop:other:1',
        'desktop:direct:1',
        'landing:so360:1',
      ].sort(),
    );
  });

  it('counts nothing for an article that is not published', async () => {
    const res = await view(29, { ref: 'https://www.baidu.com/' });
    expect(res.code).not.toBe(0);
    expect(await dailyRows(29)).toEqual([]);
  });

  it('GET /stats/articles lists the range most viewed first with the fixed shape', async () => {
    for (let i = 0; i < 3; i++) await view(3, { ref: 'https://cn.bing.com/search?q=x' });
    const res = await adminCall(t, editor, 'GET', `/stats/articles?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<ArticleViewsPage>();
    expect(Object.keys(page).sort()).toEqual(['items', 'total']);
    expect(page.items.map((a) => a.id)).toEqual([8, 3, 7]);
    expect(page.items[1]).toEqual({ id: 3, title: expect.any(String), views: 3 });
    expect(page.total).toBe(3);
    // Paged, and an empty range is an empty list.
    const second = await adminCall(
      t,
      admin,
      'GET',
      `/stats/articles?from=${today}&to=${today}&page=2&pageSize=2`,
    );
    expect(second.json<ArticleViewsPage>()).toMatchObject({ items: [{ id: 7, views: 1 }], total: 3 });
    const empty = await adminCall(t, editor, 'GET', '/stats/articles?from=2020-01-01&to=2020-01-31');
    expect(empty.json()).toEqual({ items: [], total: 0 });
  });

  it('GET /stats/articles/:id answers views by day and by source', async () => {
    const res = await adminCall(t, editor, 'GET', `/stats/articles/3`);
    expect(res.statusCode).toBe(200);
    const s = res.json<ArticleStats>();
    expect(s.byDay).toHaveLength(30);
    expect(s.byDay.at(-1)).toEqual({ day: today, views: 3 });
    expect(s.bySource.find((x) => x.key === 'bing')?.views).toBe(3);
    expect(s.totalViews).toBeGreaterThanOrEqual(3);
    const ranged = await adminCall(t, editor, 'GET', `/stats/articles/3?from=${today}&to=${today}`);
    expect(ranged.json<ArticleStats>().byDay).toEqual([{ day: today, views: 3 }]);
    expect((await adminCall(t, editor, 'GET', '/stats/articles/999999')).statusCode).toBe(404);
  });

  it('refuses reversed, years-long and malformed ranges with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['from=2023-01-01&to=2026-01-01', 'to'],
      ['from=2025-01-01&to=2026-02-05', 'to'],
      ['from=2026-13-01&to=2026-12-01', 'from'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=yesterday&to=2026-03-01', 'from'],
      ['from=2026-03-01', 'to'],
      ['to=2026-03-01', 'from'],
      ['from=2026-03-01&to=2026-03-01T00:00', 'to'],
    ];
    for (const [query, field] of cases) {
      const res = await adminCall(t, editor, 'GET', `/stats/articles?${query}`);
      expect({ query, status: res.statusCode, field: res.json<{ field?: string }>().field }).toEqual({
        query,
        status: 400,
        field,
      });
      expect(res.json<{ message: string }>().message).toMatch(/[\u4e00-\u9fff]/);
    }
    // 400 days, both ends included, is the longest range.
    expect(
      (await adminCall(t, editor, 'GET', '/stats/articles?from=2025-01-01&to=2026-02-04')).statusCode,
    ).toBe(200);
    const reversed = await adminCall(t, editor, 'GET', `/stats/articles/3?from=2026-03-02&to=2026-03-01`);
    expect(reversed.statusCode).toBe(400);
  });

  it('answers the admin and editor roles only', async () => {
    for (const url of ['/stats/overview', `/stats/articles?from=${today}&to=${today}`, '/stats/articles/3']) {
      expect((await adminCall(t, reviewer, 'GET', url)).statusCode).toBe(403);
      expect((await adminCall(t, admin, 'GET', url)).statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: `/admin/api${url}` })).statusCode).toBe(401);
    }
  });

  it('housekeeping drops the days past the retention and keeps the rest', async () => {
    const db = t.app.database.db;
    const old = formatDate(Date.now() - 400 * 86_400_000);
    const kept = formatDate(Date.now() - 399 * 86_400_000);
    await db
      .insertInto('article_views_daily')
      .values([
        { article_id: 1, day: old, device: 'desktop', source: 'direct', views: 5 },
        { article_id: 1, day: kept, device: 'desktop', source: 'direct', views: 6 },
      ])
      .execute();
    expect(await pruneDailyViews(t.app.database, Date.now(), 400)).toBe(1);
    expect((await dailyRows(1)).map((r) => r.day)).toEqual([kept]);
    expect(await pruneDailyViews(t.app.database, Date.now(), 0)).toBe(0);
  });

  it('two processes on one database add up, and STATS_RETENTION_DAYS=0 counts no daily rows', async () => {
    const second = await buildApp({ ...t.config, ...redis() });
    const off = await buildApp({ ...t.config, ...redis(), statsRetentionDays: 0 });
    try {
      const before = (await dailyRows(10)).reduce((s, r) => s + Number(r.views), 0);
      const viewOn = (app: typeof second) =>
        app.inject({
          method: 'POST',
          url: '/api/article_pv',
          headers: { authorization: `Bearer ${t.token}` },
          payload: { id: 10, ref: 'https://www.sogou.com/web?q=1', device: 'phone' },
        });
      await Promise.all([
        ...Array.from({ length: 30 }, () =>
          view(10, { ref: 'https://www.sogou.com/web?q=1', device: 'phone' }),
        ),
        ...Array.from({ length: 30 }, () => viewOn(second)),
        ...Array.from({ length: 5 }, () => viewOn(off)),
      ]);
      const rows = await dailyRows(10);
      expect(rows.map((r) => `${r.device}:${r.source}`)).toEqual(['phone:sogou']);
      expect(Number(rows[0]!.views) - before).toBe(60);
    } finally {
      await second.close();
      await off.close();
    }
  });
});

describe('demo reader statistics (seed)', () => {
  const articles = Array.from({ length: 120 }, (_, i) => ({
    id: i + 1,
    created_at: REFERENCE_DATE - (120 - i) * 6 * 3600_000,
    status: i % 10 === 0 ? 0 : 1,
  }));

  it('are the same rows for the same day, end on the day seeded, and only of published articles', () => {
    const until = REFERENCE_DATE + 8 * 86_400_000;
    const a = demoDailyViews(articles, REFERENCE_DATE, until);
    expect(a.length).toBeGreaterThan(100);
    expect(demoDailyViews(articles, REFERENCE_DATE, until)).toEqual(a);
    const days = [...new Set(a.map((r) => r.day))].sort();
    expect(days.at(-1)).toBe(formatDate(until));
    expect(a.every((r) => articles[r.article_id - 1]!.status === 1 && Number(r.views) > 0)).toBe(true);
    // Seeded a week later, the same pattern a week later.
    const later = demoDailyViews(articles, REFERENCE_DATE, until + 7 * 86_400_000);
    expect(later.map((r) => Number(r.views))).toEqual(a.map((r) => Number(r.views)));
  });
});
