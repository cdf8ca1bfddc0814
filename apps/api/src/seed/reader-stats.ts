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
const SOURCE_WEIGHTS: readonly [ViewSource, number][] = [
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
const DEVICE_WEIGHTS: readonly [ViewDevice, number][] = [
  ['phone', 58],
  ['desktop', 40],
  ['landing', 2],
];

/** The entry `r` (uniform in [0, 1)) falls on, by weight. */
function weighted<K>(table: readonly (readonly [K, number])[], r: number): K {
  const sum = table.reduce((s, [, w]) => s + w, 0);
  let at = r * sum;
  for (const [key, w] of table) {
    if (at < w) return key;
    at -= w;
  }
  return table[table.length - 1]![0];
}

/**
 * Deterministic daily view rows for the demo (issue 25): the newest articles read over the last
 * DAYS days, fading with age, with a weekday rhythm, so the dashboard shows something on a fresh
 * database. Same seed, same rows, relative to `now`.
 */
export function demoDailyViews(
  articles: readonly { id: number; created_at: number; status?: number }[],
  now: number,
): Insertable<DB['article_views_daily']>[] {
  const rng = rngFor('reader-stats');
  const newest = articles
    .filter((a) => (a.status ?? NewsStatus.Published) === NewsStatus.Published)
    .sort((a, b) => b.created_at - a.created_at || b.id - a.id)
    .slice(0, READ_ARTICLES);
  const rows: Insertable<DB['article_views_daily']>[] = [];
  for (const [rank, article] of newest.entries()) {
    const appeal = 40 + Math.floor(Math.pow(rng.float(), 2) * 400) / (1 + rank / 15);
    for (let back = DAYS - 1; back >= 0; back--) {
      const t = now - back * DAY_MS;
      if (t < article.created_at) continue;
      const day = formatDate(t);
      const weekday = new Date(t + 8 * 3600_000).getUTCDay();
      const rhythm = weekday === 0 || weekday === 6 ? 0.6 : 1;
      const age = (t - article.created_at) / DAY_MS;
      const total = Math.round((appeal * rhythm * (0.6 + rng.float() * 0.8)) / (1 + age / 20));
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
