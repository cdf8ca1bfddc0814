import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_DEVICES, VIEW_SOURCES, type ViewDevice, type ViewSource } from '@portal/api-client/stats';
import { migrate, openDb, type Db } from '../src/db';
import { formatDate } from '../src/lib/time';
import type { FastifyBaseLogger } from 'fastify';
import { PageViewCounter } from '../src/plugins/page-views';
import { addArticleViews } from '../src/repositories/articles';
import { articleStats, articleViewsInRange, daysBetween, statsOverview } from '../src/repositories/stats';
import { pruneDailyViews, rebuildViewRollups, type DailyViews } from '../src/repositories/views-daily';
import { writeTx } from '../src/repositories/write-tx';
import { rngFor } from '../src/seed/random';
import { createTestDatabase, DIALECTS } from './helpers';

/**
 * The dashboard's statistics read roll-ups (022) instead of summing the daily rows at read time:
 * every answer must be the one the daily rows give. The expectations are computed here, in plain
 * code, from the daily rows and the articles as they are at the time; the data has more articles
 * than the long-range walk reads at a time, and many ties.
 */

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 30, 4, 0);
const DAYS = 120;
const ARTICLES = 1300;
const CATS = [
  { id: 694, name: '人工智能' },
  { id: 56, name: '云计算' },
];
/** A category id without a categories row: its views are labelled 其他. */
const LOST_CAT = 9999;

interface Raw {
  article_id: number;
  day: string;
  device: string;
  source: string;
  views: number;
}

async function rawRows(database: Db): Promise<Raw[]> {
  const rows = await database.db.selectFrom('article_views_daily').selectAll().execute();
  return rows.map((r) => ({ ...r, views: Number(r.views) }));
}

/** What the statistics calls answered when they summed the daily rows (020's queries). */
async function expected(database: Db, from: string, to: string) {
  const raw = (await rawRows(database)).filter((r) => r.day >= from && r.day <= to);
  const articles = await database.db.selectFrom('articles').select(['id', 'title', 'cat_id']).execute();
  const byId = new Map(articles.map((a) => [Number(a.id), a]));
  const sum = <K>(key: (r: Raw) => K, rows = raw) => {
    const m = new Map<K, number>();
    for (const r of rows) m.set(key(r), (m.get(key(r)) ?? 0) + r.views);
    return m;
  };
  const ranked = [...sum((r) => r.article_id)]
    .map(([id, views]) => ({ id, title: byId.get(id)?.title ?? '', views }))
    .sort((a, b) => b.views - a.views || a.id - b.id);
  const cats = await database.db.selectFrom('categories').select(['id', 'name']).execute();
  const catName = new Map(cats.map((c) => [Number(c.id), c.name]));
  const byCategory = [
    ...sum(
      (r) => Number(byId.get(r.article_id)?.cat_id),
      raw.filter((r) => byId.has(r.article_id)),
    ),
  ]
    .map(([id, views]) => ({ key: String(id), label: catName.get(id) ?? '其他', views }))
    .sort((a, b) => b.views - a.views || Number(a.key) - Number(b.key));
  const byDay = sum((r) => r.day);
  const classes = <K extends string>(column: 'source' | 'device', keys: readonly K[]) => {
    const m = sum((r) => r[column]);
    return keys.map((key) => ({ key, views: m.get(key) ?? 0 }));
  };
  return {
    ranked,
    byCategory,
    trend: daysBetween(from, to).map((day) => ({ day, views: byDay.get(day) ?? 0 })),
    bySource: classes('source', VIEW_SOURCES),
    byDevice: classes('device', VIEW_DEVICES),
  };
}

async function rollupsNow(database: Db) {
  const db = database.db;
  return {
    day: (
      await db.selectFrom('article_views_day').selectAll().orderBy('article_id').orderBy('day').execute()
    ).map((r) => ({ ...r, views: Number(r.views) })),
    cls: (
      await db
        .selectFrom('views_day_class')
        .selectAll()
        .orderBy('day')
        .orderBy('device')
        .orderBy('source')
        .execute()
    ).map((r) => ({ ...r, views: Number(r.views) })),
    total: (await db.selectFrom('article_views_total').selectAll().orderBy('article_id').execute()).map(
      (r) => ({
        ...r,
        views: Number(r.views),
      }),
    ),
    count: Number(
      (await db.selectFrom('article_views_count').select('articles').executeTakeFirst())?.articles,
    ),
  };
}

describe.each(DIALECTS)('statistics roll-ups on %s', (dialect) => {
  let drop: () => Promise<void>;
  let database: Db;
  let options: { dataDir: string; databaseUrl?: string };
  const today = formatDate(NOW);
  const dayAgo = (n: number) => formatDate(NOW - n * DAY);

  /** The statistics as the calls answer them against the same computed from the daily rows. */
  async function expectSameAnswers(from: string, to: string, pageSize = 7) {
    const want = await expected(database, from, to);
    for (const page of [1, 2, 5]) {
      const got = await articleViewsInRange(database, from, to, page, pageSize);
      expect(got.total, `${from}..${to} total`).toBe(want.ranked.length);
      expect(got.items, `${from}..${to} page ${page}`).toEqual(
        want.ranked.slice((page - 1) * pageSize, page * pageSize),
      );
    }
    // Past the end: no items, the same total.
    const past = await articleViewsInRange(database, from, to, 1000, pageSize);
    expect(past).toEqual({ items: [], total: want.ranked.length });
  }

  beforeAll(async () => {
    const testDb = await createTestDatabase(dialect);
    drop = testDb.drop;
    options = { dataDir: testDb.options.dataDir ?? '', databaseUrl: testDb.options.databaseUrl };
    database = openDb(options);
    await migrate(database);
    await database.db.insertInto('categories').values(CATS).execute();
    const rng = rngFor('stats-rollups');
    const cats = [...CATS.map((c) => c.id), LOST_CAT];
    for (let i = 0; i < ARTICLES; i += 500) {
      await database.db
        .insertInto('articles')
        .values(
          Array.from({ length: Math.min(500, ARTICLES - i) }, (_, k) => ({
            id: i + k + 1,
            cat_id: cats[(i + k) % cats.length]!,
            title: `文章 ${i + k + 1}`,
            content: '<p>正文</p>',
            // Every 50th is a draft: its views are never counted.
            status: (i + k) % 50 === 49 ? 0 : 1,
            created_at: NOW - (ARTICLES - i - k) * 3600_000,
          })),
        )
        .execute();
    }
    // Batches as the counter commits them: each article read on a few days, newer ones more,
    // views small so that many tie, every source and device.
    for (let back = DAYS - 1; back >= 0; back--) {
      const day = dayAgo(back);
      const daily: DailyViews[] = [];
      const batch = new Map<number, number>();
      for (let j = 0; j < 60; j++) {
        const id = 1 + Math.floor(ARTICLES * (1 - rng.float() ** 3));
        const device = rng.pick(VIEW_DEVICES) as ViewDevice;
        const source = rng.pick(VIEW_SOURCES) as ViewSource;
        const views = rng.int(1, 4);
        if (daily.some((d) => d.articleId === id && d.device === device && d.source === source)) continue;
        daily.push({ articleId: id, day, device, source, views });
        batch.set(id, (batch.get(id) ?? 0) + views);
      }
      await addArticleViews(database, batch, daily);
    }
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('the counter keeps the roll-ups equal to the sums of the daily rows', async () => {
    const kept = await rollupsNow(database);
    expect(kept.day.length).toBeGreaterThan(1000);
    await writeTx(database, rebuildViewRollups);
    expect(await rollupsNow(database)).toEqual(kept);
  });

  it('the most-read list of short and long ranges, every page, is the one the daily rows give', async () => {
    await expectSameAnswers(today, today);
    await expectSameAnswers(dayAgo(6), today);
    await expectSameAnswers(dayAgo(30), today);
    await expectSameAnswers(dayAgo(31), today);
    await expectSameAnswers(dayAgo(DAYS - 1), today, 20);
    await expectSameAnswers(dayAgo(DAYS + 200), today, 3);
    // Long ranges that end before today (articles read before and after but not in it), and one with nothing in it.
    await expectSameAnswers(dayAgo(100), dayAgo(40));
    await expectSameAnswers(dayAgo(90), dayAgo(50), 400);
    await expectSameAnswers(dayAgo(400), dayAgo(DAYS + 5));
  });

  it('the overview and one article’s statistics are the ones the daily rows give', async () => {
    const want = await expected(database, dayAgo(29), today);
    const o = await statsOverview(database, NOW);
    expect(o.trend).toEqual(want.trend);
    expect(o.byCategory).toEqual(want.byCategory);
    expect(o.bySource.map(({ key, views }) => ({ key, views }))).toEqual(want.bySource);
    expect(o.byDevice.map(({ key, views }) => ({ key, views }))).toEqual(want.byDevice);
    const week = await expected(database, dayAgo(6), today);
    expect(o.topWeek).toEqual(week.ranked.slice(0, 10));
    const top = want.ranked[0]!;
    const one = await articleStats(database, top.id, dayAgo(DAYS - 1), today);
    const raw = (await rawRows(database)).filter((r) => r.article_id === top.id);
    for (const d of one!.byDay) {
      expect(d.views).toBe(raw.filter((r) => r.day === d.day).reduce((s, r) => s + r.views, 0));
    }
    expect(one!.bySource.reduce((s, x) => s + x.views, 0)).toBe(raw.reduce((s, r) => s + r.views, 0));
  });

  it('views follow an article into another category and leave with a deleted one', async () => {
    const [moved, gone] = (await expected(database, dayAgo(29), today)).ranked;
    await database.db.updateTable('articles').set({ cat_id: 56 }).where('id', '=', moved!.id).execute();
    await database.db.deleteFrom('articles').where('id', '=', gone!.id).execute();
    const o = await statsOverview(database, NOW);
    expect(o.byCategory).toEqual((await expected(database, dayAgo(29), today)).byCategory);
    await expectSameAnswers(dayAgo(29), today);
    await expectSameAnswers(dayAgo(DAYS - 1), today);
  });

  it('pruning keeps the roll-ups equal to the sums of the daily rows that are left', async () => {
    expect(await pruneDailyViews(database, NOW, 60)).toBeGreaterThan(0);
    expect((await rawRows(database)).every((r) => r.day >= dayAgo(59))).toBe(true);
    const kept = await rollupsNow(database);
    await writeTx(database, rebuildViewRollups);
    expect(await rollupsNow(database)).toEqual(kept);
    await expectSameAnswers(dayAgo(DAYS - 1), today);
    await expectSameAnswers(dayAgo(40), dayAgo(20));
  });
  it('two counters on one database (two processes) keep the roll-ups and their count exact, across a prune', async () => {
    const other = openDb(options);
    const log = { error: () => {} } as unknown as FastifyBaseLogger;
    const views = async () =>
      Number(
        (
          await database.db
            .selectFrom('article_views_daily')
            .select((eb) => eb.fn.sum('views').as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
    /** Each article read once from a phone via Baidu and once directly, the two reads on different counters. */
    const round = async (ids: number[]) => {
      const counters = [database, other].map((d) => new PageViewCounter(d, log, { ownHosts: [] }));
      const now = Date.now();
      const counted = await Promise.all(
        ids.flatMap((id, i) => [
          counters[i % 2]!.count(id, { device: 'phone', ref: 'https://m.baidu.com/s?word=x' }, now),
          counters[(i + 1) % 2]!.count(id, {}, now),
        ]),
      );
      await Promise.all(counters.map((c) => c.close()));
      return counted.filter((pv) => pv !== null).length;
    };
    const expectRebuilt = async () => {
      const kept = await rollupsNow(database);
      await writeTx(database, rebuildViewRollups);
      expect(await rollupsNow(database)).toEqual(kept);
    };
    try {
      const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
      let before = await views();
      // Twice: the second time each counter knows the totals it wrote the first time.
      for (const range of [ids(1, 150), ids(100, 200)]) {
        const n = await round(range);
        expect(n).toBeGreaterThan(150);
        expect((await views()) - before).toBe(n);
        before += n;
        await expectRebuilt();
      }
      // Only today is kept: the totals of the articles read today stay, the others go.
      await pruneDailyViews(database, Date.now(), 1);
      await expectRebuilt();
      before = await views();
      const n = await round(ids(150, 400));
      expect((await views()) - before).toBe(n);
      await expectRebuilt();
      const { count, total } = await rollupsNow(database);
      expect(count).toBe(total.length);
      expect(total.length).toBeGreaterThan(350);
    } finally {
      await other.close();
    }
  });
});
