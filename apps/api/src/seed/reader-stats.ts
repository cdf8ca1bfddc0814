import type { Insertable } from 'kysely';
import { NewsStatus } from '@portal/api-client/constants';
import type { ViewDevice, ViewSource } from '@portal/api-client/stats';
import type { DB } from '../db/schema';
import { formatDate } from '../lib/time';
import { rngFor } from './random';

/** Days of demo reader statistics, and how many of the newest articles are read in them. */
const DAYS = 45;
const READ_ARTICLES = 40;
/** Source and device buckets one article's day is spread over (bounds the rows the seed writes). */
const BUCKETS = 8;
const DAY_MS = 86_400_000;

/** How readers of a news site arrive, roughly: search first (Baidu far ahead), then WeChat, inside, direct. */
export const SOURCE_WEIGHTS: readonly [ViewSource, number][] = [
  ['baidu', 34],
  ['wechat', 18],
  ['internal', 14],
  ['direct', 10],
  ['sogou', 5],
  ['so360', 4],
  ['bing', 4],
  ['shenma', 3],
  ['weibo', 3],
  ['google', 2],
  ['other', 3],
];
export const DEVICE_WEIGHTS: readonly [ViewDevice, number][] = [
  ['phone', 58],
  ['desktop', 40],
  ['landing', 2],
];

/** The entry `r` (uniform in [0, 1)) falls on, by weight. */
export function weighted<K>(table: readonly (readonly [K, number])[], r: number): K {
  const sum = table.reduce((s, [, w]) => s + w, 0);
  let at = r * sum;
  for (const [key, w] of table) {
    if (at < w) return key;
    at -= w;
  }
  return table[table.length - 1]![0];
}

/**
 * Deterministic daily view rows for the demo (issue 25), so the dashboard shows something on a fresh
 * database: each of the last DAYS days up to `until`, the articles published in the month before it
 * (at most READ_ARTICLES, newest first) are read, fading with age, with a weekday rhythm, spread over
 * sources and devices. The content's clock (`now`) is moved to `until`: the same content seeded
 * on another day gets the same rows, ending on that day.
 */
export function demoDailyViews(
  articles: readonly { id: number; created_at: number; status?: number }[],
  now: number,
  until: number,
): Insertable<DB['article_views_daily']>[] {
  const rng = rngFor('reader-stats');
  const shift = Math.max(0, until - now);
  const published = articles
    .filter((a) => (a.status ?? NewsStatus.Published) === NewsStatus.Published)
    .map((a) => ({ id: a.id, at: a.created_at + shift, appeal: 0 }))
    .filter((a) => a.at >= until - (DAYS + 30) * DAY_MS && a.at <= until)
    .sort((a, b) => b.at - a.at || b.id - a.id);
  for (const a of published) a.appeal = 30 + Math.floor(Math.pow(rng.float(), 2) * 500);
  const rows: Insertable<DB['article_views_daily']>[] = [];
  for (let back = DAYS - 1; back >= 0; back--) {
    const t = until - back * DAY_MS;
    const day = formatDate(t);
    const weekday = new Date(t + 8 * 3600_000).getUTCDay();
    const rhythm = weekday === 0 || weekday === 6 ? 0.6 : 1;
    const read = published.filter((a) => a.at <= t && t - a.at < 30 * DAY_MS).slice(0, READ_ARTICLES);
    for (const article of read) {
      const age = (t - article.at) / DAY_MS;
      const total = Math.round((article.appeal * rhythm * (0.6 + rng.float() * 0.8)) / (1 + age / 3));
      if (total <= 0) continue;
      const buckets = new Map<string, { device: ViewDevice; source: ViewSource; views: number }>();
      const k = Math.min(total, BUCKETS);
      for (let b = 0; b < k; b++) {
        const source = weighted(SOURCE_WEIGHTS, rng.float());
        const device = weighted(DEVICE_WEIGHTS, rng.float());
        const views = Math.floor(total / k) + (b < total % k ? 1 : 0);
        const bucket = buckets.get(`${source}|${device}`);
        if (bucket) bucket.views += views;
        else buckets.set(`${source}|${device}`, { source, device, views });
      }
      for (const b of buckets.values()) rows.push({ article_id: article.id, day, ...b });
    }
  }
  return rows;
}
