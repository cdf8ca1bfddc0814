import { sql } from 'kysely';
import { ArticleStatus, NewsStatus } from '@portal/api-client/constants';
import {
  VIEW_DEVICE_LABEL,
  VIEW_DEVICES,
  VIEW_SOURCE_LABEL,
  VIEW_SOURCES,
  type ArticleStats,
  type ArticleViewsPage,
  type DayViews,
  type LabelledViews,
  type StatsOverview,
  type ViewDevice,
  type ViewSource,
} from '@portal/api-client/stats';
import type { Db } from '../db';
import { formatDate } from '../lib/time';

/** Reads of the daily view rows (020) for the back office's statistics. Days are YYYY-MM-DD, Asia/Shanghai. */

const DAY_MS = 86_400_000;
/** How many articles the dashboard's top lists show. */
export const TOP_ARTICLES = 10;

/** `days` days ending with the day of `now` (today included), oldest first. */
export function lastDays(now: number, days: number): string[] {
  return Array.from({ length: days }, (_, i) => formatDate(now - (days - 1 - i) * DAY_MS));
}

/** Every day from `from` to `to` (both included), oldest first; the caller bounds the range. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

const sumViews = sql<string | number>`sum(v.views)`;

/** Articles by views over `from`..`to`, most viewed first (ties: lower id first), and how many were read. */
export async function articleViewsInRange(
  database: Db,
  from: string,
  to: string,
  page: number,
  pageSize: number,
): Promise<ArticleViewsPage> {
  const db = database.db;
  const inRange = db
    .selectFrom('article_views_daily as v')
    .where('v.day', '>=', from)
    .where('v.day', '<=', to);
  const [rows, count] = await Promise.all([
    db
      .with('totals', () =>
        inRange
          .select(['v.article_id', sumViews.as('views')])
          .groupBy('v.article_id')
          .orderBy(sumViews, 'desc')
          .orderBy('v.article_id')
          .limit(pageSize)
          .offset((page - 1) * pageSize),
      )
      .selectFrom('totals as t')
      .leftJoin('articles as a', 'a.id', 't.article_id')
      .select(['t.article_id as id', 'a.title', 't.views'])
      .orderBy('t.views', 'desc')
      .orderBy('t.article_id')
      .execute(),
    inRange.select(sql<string | number>`count(distinct v.article_id)`.as('n')).executeTakeFirst(),
  ]);
  return {
    items: rows.map((r) => ({ id: Number(r.id), title: r.title ?? '', views: Number(r.views) })),
    total: Number(count?.n ?? 0),
  };
}

/** Views per day over `days` (every day present, 0 when none), optionally of one article. */
async function viewsByDay(database: Db, days: string[], articleId?: number): Promise<DayViews[]> {
  let q = database.db
    .selectFrom('article_views_daily as v')
    .where('v.day', '>=', days[0]!)
    .where('v.day', '<=', days[days.length - 1]!);
  if (articleId !== undefined) q = q.where('v.article_id', '=', articleId);
  const rows = await q
    .select(['v.day', sumViews.as('views')])
    .groupBy('v.day')
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, Number(r.views)]));
  return days.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
}

/** Views per source or device class over a range, every class present (0 when none), in the declared order. */
async function viewsByClass<K extends ViewSource | ViewDevice>(
  database: Db,
  column: 'source' | 'device',
  keys: readonly K[],
  labels: Record<K, string>,
  from: string,
  to: string,
  articleId?: number,
): Promise<LabelledViews<K>[]> {
  let q = database.db
    .selectFrom('article_views_daily as v')
    .where('v.day', '>=', from)
    .where('v.day', '<=', to);
  if (articleId !== undefined) q = q.where('v.article_id', '=', articleId);
  const rows = await q
    .select([`v.${column} as key`, sumViews.as('views')])
    .groupBy(`v.${column}`)
    .execute();
  const views = new Map(rows.map((r) => [r.key, Number(r.views)]));
  return keys.map((key) => ({ key, label: labels[key], views: views.get(key) ?? 0 }));
}

async function viewsByCategory(database: Db, from: string, to: string): Promise<LabelledViews[]> {
  const rows = await database.db
    .selectFrom('article_views_daily as v')
    .innerJoin('articles as a', 'a.id', 'v.article_id')
    .leftJoin('categories as c', 'c.id', 'a.cat_id')
    .where('v.day', '>=', from)
    .where('v.day', '<=', to)
    .select(['a.cat_id', 'c.name', sumViews.as('views')])
    .groupBy(['a.cat_id', 'c.name'])
    .orderBy(sumViews, 'desc')
    .execute();
  return rows.map((r) => ({ key: String(r.cat_id), label: r.name ?? '其他', views: Number(r.views) }));
}

const countOf = (row: { n: string | number | bigint } | undefined) => Number(row?.n ?? 0);

/** The newsroom's work beside the readers: what waits for review, what is scheduled, what leads came in. */
async function newsroomWork(database: Db, now: number): Promise<StatsOverview['work']> {
  const db = database.db;
  const n = sql<string | number>`count(*)`.as('n');
  const todayStart = Date.parse(`${formatDate(now)}T00:00:00+08:00`);
  const weekStart = todayStart - 6 * DAY_MS;
  const leadsSince = async (since: number) =>
    countOf(
      await db.selectFrom('vendor_leads').select(n).where('created_at', '>=', since).executeTakeFirst(),
    ) +
    countOf(
      await db.selectFrom('form_submissions').select(n).where('created_at', '>=', since).executeTakeFirst(),
    );
  const [pending, scheduled, leadsToday, leads7] = await Promise.all([
    db.selectFrom('column_articles').select(n).where('status', '=', ArticleStatus.Pending).executeTakeFirst(),
    db.selectFrom('articles').select(n).where('status', '=', NewsStatus.Scheduled).executeTakeFirst(),
    leadsSince(todayStart),
    leadsSince(weekStart),
  ]);
  return {
    pendingColumnArticles: countOf(pending),
    scheduledArticles: countOf(scheduled),
    leadsToday,
    leads7,
  };
}

/** The 数据概览 dashboard at `now`. */
export async function statsOverview(database: Db, now: number): Promise<StatsOverview> {
  const month = lastDays(now, 30);
  const today = month[month.length - 1]!;
  const weekStart = month[month.length - 7]!;
  const monthStart = month[0]!;
  const [trend, topToday, topWeek, byCategory, bySource, byDevice, work] = await Promise.all([
    viewsByDay(database, month),
    articleViewsInRange(database, today, today, 1, TOP_ARTICLES),
    articleViewsInRange(database, weekStart, today, 1, TOP_ARTICLES),
    viewsByCategory(database, monthStart, today),
    viewsByClass(database, 'source', VIEW_SOURCES, VIEW_SOURCE_LABEL, monthStart, today),
    viewsByClass(database, 'device', VIEW_DEVICES, VIEW_DEVICE_LABEL, monthStart, today),
    newsroomWork(database, now),
  ]);
  const sum = (days: DayViews[]) => days.reduce((s, d) => s + d.views, 0);
  return {
    today,
    views: { today: trend[trend.length - 1]!.views, days7: sum(trend.slice(-7)), days30: sum(trend) },
    trend,
    topToday: topToday.items,
    topWeek: topWeek.items,
    byCategory,
    bySource,
    byDevice,
    work,
  };
}

/** One article's views by day over `from`..`to` and by source and device; null when there is no such article. */
export async function articleStats(
  database: Db,
  id: number,
  from: string,
  to: string,
): Promise<ArticleStats | null> {
  const article = await database.db
    .selectFrom('articles')
    .select(['id', 'title', 'pv'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!article) return null;
  const [byDay, bySource, byDevice] = await Promise.all([
    viewsByDay(database, daysBetween(from, to), id),
    viewsByClass(database, 'source', VIEW_SOURCES, VIEW_SOURCE_LABEL, from, to, id),
    viewsByClass(database, 'device', VIEW_DEVICES, VIEW_DEVICE_LABEL, from, to, id),
  ]);
  return {
    id: article.id,
    title: article.title,
    totalViews: Number(article.pv),
    from,
    to,
    byDay,
    bySource,
    byDevice,
  };
}
