import { sql, type ExpressionBuilder } from 'kysely';
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

/**
 * Ranges up to this many days are summed from their rows (article_views_day: a few thousand
 * articles a day); longer ones walk the articles by their total over every kept day, which bounds
 * what they can have in the range (measured at a million articles and 400 days: summing 1, 3, 7
 * and 30 days took 10, 35, 52 and 172 ms, walking them 86, 97, 21 and 11 ms).
 */
const SUMMED_RANGE_DAYS = 3;
/** Articles the walk reads at a time, and at most (then it sums the range as a short one is). */
const WALK_BATCH = 500;
const WALK_MAX = 20_000;

interface Ranked {
  id: number;
  views: number;
}
const byViews = (a: Ranked, b: Ranked) => b.views - a.views || a.id - b.id;

/** Articles by views over `from`..`to`, most viewed first (ties: lower id first), and how many were read. */
export async function articleViewsInRange(
  database: Db,
  from: string,
  to: string,
  page: number,
  pageSize: number,
): Promise<ArticleViewsPage> {
  const offset = (page - 1) * pageSize;
  const long = daysBetween(from, to).length > SUMMED_RANGE_DAYS;
  const [walked, count] = long
    ? await Promise.all([
        walkTotals(database, from, to, offset + pageSize),
        countReadInRange(database, from, to),
      ])
    : [null, 0];
  const { ranked, total } = walked
    ? { ranked: walked.slice(offset), total: count }
    : await sumRange(database, from, to, offset, pageSize);
  const titles = new Map(
    ranked.length === 0
      ? []
      : (
          await database.db
            .selectFrom('articles')
            .select(['id', 'title'])
            .where(
              'id',
              'in',
              ranked.map((r) => r.id),
            )
            .execute()
        ).map((a) => [Number(a.id), a.title]),
  );
  return { items: ranked.map((r) => ({ id: r.id, title: titles.get(r.id) ?? '', views: r.views })), total };
}

/** One page of the range's articles summed from their day rows, with how many there are (one pass). */
async function sumRange(database: Db, from: string, to: string, offset: number, limit: number) {
  const range = database.db
    .selectFrom('article_views_day as v')
    .where('v.day', '>=', from)
    .where('v.day', '<=', to);
  const rows = await range
    .select(['v.article_id', sumViews.as('views'), sql<string | number>`count(*) over ()`.as('total')])
    .groupBy('v.article_id')
    .orderBy(sumViews, 'desc')
    .orderBy('v.article_id')
    .limit(limit)
    .offset(offset)
    .execute();
  // A page past the end has no row to carry the count.
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : offset === 0
        ? 0
        : Number(
            (
              await range
                .select(sql<string | number>`count(distinct v.article_id)`.as('n'))
                .executeTakeFirst()
            )?.n ?? 0,
          );
  return { ranked: rows.map((r) => ({ id: Number(r.article_id), views: Number(r.views) })), total };
}

/**
 * The `k` most viewed articles of a long range (threshold walk): articles in descending order of
 * their total over every kept day, each one's range summed from its day rows; an article's range
 * views never exceed its total, so once the k-th best is above the total reached, no article
 * left can enter. Null when that takes more than WALK_MAX articles (a range with few views).
 */
async function walkTotals(database: Db, from: string, to: string, k: number): Promise<Ranked[] | null> {
  const best: Ranked[] = [];
  let after: { views: number; id: number } | null = null;
  for (let seen = 0; seen < WALK_MAX; seen += WALK_BATCH) {
    let q = database.db.selectFrom('article_views_total').select(['article_id', 'views']);
    if (after) {
      const { views, id } = after;
      q = q.where((eb) => eb(eb.refTuple('views', 'article_id'), '<', eb.tuple(views, id)));
    }
    const batch = await q.orderBy('views', 'desc').orderBy('article_id', 'desc').limit(WALK_BATCH).execute();
    if (batch.length === 0) return best.sort(byViews).slice(0, k);
    const sums = await database.db
      .selectFrom('article_views_day as v')
      .select(['v.article_id', sumViews.as('views')])
      .where(
        'v.article_id',
        'in',
        batch.map((b) => Number(b.article_id)),
      )
      .where('v.day', '>=', from)
      .where('v.day', '<=', to)
      .groupBy('v.article_id')
      .execute();
    for (const r of sums) best.push({ id: Number(r.article_id), views: Number(r.views) });
    best.sort(byViews).splice(k);
    const last = batch[batch.length - 1]!;
    after = { views: Number(last.views), id: Number(last.article_id) };
    // Strictly above: an article left with as many views and a lower id would still come first.
    if (batch.length < WALK_BATCH || (best.length === k && best[k - 1]!.views > after.views)) return best;
  }
  return null;
}

/**
 * How many articles were read in `from`..`to`, from each article's first and last day read: those
 * whose span meets the range, less those read before and after it but not in it. The spans that
 * meet it are counted directly or, when fewer miss it (a long range), as all the articles
 * (article_views_count) less those that end before it or start after it: either way an index
 * range of at most half the articles, never all of them.
 */
async function countReadInRange(database: Db, from: string, to: string): Promise<number> {
  const db = database.db;
  const n = sql<string | number>`count(*)`.as('n');
  const count = (q: Promise<{ n: string | number | bigint } | undefined>) => q.then(countOf);
  const [span] = await db
    .selectFrom('article_views_count as c')
    .select((eb) => [
      'c.articles',
      eb
        .selectFrom('article_views_total')
        .select((e) => e.fn.min('first_day').as('d'))
        .as('first'),
      eb
        .selectFrom('article_views_total')
        .select((e) => e.fn.max('last_day').as('d'))
        .as('last'),
    ])
    .execute();
  if (!span?.first || !span.last) return 0;
  const days = (a: string, b: string) => (a > b ? 0 : daysBetween(a, b).length);
  // Index entries each way: spans ending from `from` on, against those ending before or starting after.
  const direct = days(from, span.last);
  const missing = days(span.first, from) + days(to, span.last);
  const meets =
    direct <= missing
      ? count(
          db
            .selectFrom('article_views_total')
            .select(n)
            .where('last_day', '>=', from)
            .where('first_day', '<=', to)
            .executeTakeFirst(),
        )
      : Promise.all([
          count(
            db.selectFrom('article_views_total').select(n).where('last_day', '<', from).executeTakeFirst(),
          ),
          count(
            db.selectFrom('article_views_total').select(n).where('first_day', '>', to).executeTakeFirst(),
          ),
        ]).then(([before, after]) => Number(span.articles) - before - after);
  const skipped = count(
    db
      .selectFrom('article_views_total as t')
      .select(n)
      .where('t.last_day', '>', to)
      .where('t.first_day', '<', from)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('article_views_day as d')
              .select('d.article_id')
              .whereRef('d.article_id', '=', 't.article_id')
              .where('d.day', '>=', from)
              .where('d.day', '<=', to),
          ),
        ),
      )
      .executeTakeFirst(),
  );
  const [m, s] = await Promise.all([meets, skipped]);
  return m - s;
}

/** The site's day totals (views_day_class, as `v`) from `from` to `to`, both included. */
function siteDaysBetween(database: Db, from: string, to: string) {
  return database.db.selectFrom('views_day_class as v').where('v.day', '>=', from).where('v.day', '<=', to);
}

/** Keeps one article's rows of a per-day table (as `v`) from `from` to `to`, both included (its key's prefix). */
const articleDaysBetween =
  (articleId: number, from: string, to: string) =>
  (eb: ExpressionBuilder<{ v: { article_id: number; day: string } }, 'v'>) =>
    eb.and([eb('v.article_id', '=', articleId), eb('v.day', '>=', from), eb('v.day', '<=', to)]);

/** Views per day over `days` (every day present, 0 when none), optionally of one article. */
async function viewsByDay(database: Db, days: string[], articleId?: number): Promise<DayViews[]> {
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const rows =
    articleId === undefined
      ? await siteDaysBetween(database, from, to)
          .select(['v.day', sumViews.as('views')])
          .groupBy('v.day')
          .execute()
      : await database.db
          .selectFrom('article_views_day as v')
          .where(articleDaysBetween(articleId, from, to))
          .select(['v.day', 'v.views'])
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
  // The site's from its day totals; one article's from its own rows (the primary key's prefix).
  const rows =
    articleId === undefined
      ? await siteDaysBetween(database, from, to)
          .select([`v.${column} as key`, sumViews.as('views')])
          .groupBy(`v.${column}`)
          .execute()
      : await database.db
          .selectFrom('article_views_daily as v')
          .where(articleDaysBetween(articleId, from, to))
          .select([`v.${column} as key`, sumViews.as('views')])
          .groupBy(`v.${column}`)
          .execute();
  const views = new Map(rows.map((r) => [r.key, Number(r.views)]));
  return keys.map((key) => ({ key, label: labels[key], views: views.get(key) ?? 0 }));
}

/** Views by the articles' current category (022 keeps it), most first; a deleted article's are left out. */
async function viewsByCategory(database: Db, from: string, to: string): Promise<LabelledViews[]> {
  const rows = await database.db
    .with('t', (db) =>
      db
        .selectFrom('article_views_day as v')
        .where('v.day', '>=', from)
        .where('v.day', '<=', to)
        .where('v.cat_id', 'is not', null)
        .select(['v.cat_id', sumViews.as('views')])
        .groupBy('v.cat_id'),
    )
    .selectFrom('t')
    .leftJoin('categories as c', 'c.id', 't.cat_id')
    .select(['t.cat_id', 'c.name', 't.views'])
    .orderBy('t.views', 'desc')
    .orderBy('t.cat_id')
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
