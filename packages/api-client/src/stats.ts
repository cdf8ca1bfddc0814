/**
 * Reader statistics (issue 25 section 2, DESIGN.md section 10): what a page view is counted under
 * (its Asia/Shanghai day, the device class and the source class), shared by the page-view call, the
 * API that counts and answers, and the back office that draws it. Nothing here identifies a reader.
 */

/** Where a view was read: the desktop site, the phone site (or a desktop page under 960 px), the landing app. */
export const VIEW_DEVICES = ['desktop', 'phone', 'landing'] as const;
export type ViewDevice = (typeof VIEW_DEVICES)[number];
export const VIEW_DEVICE_LABEL: Record<ViewDevice, string> = {
  desktop: '电脑',
  phone: '手机',
  landing: '落地页',
};

/**
 * Where the reader came from, classified from the page's referrer (only the class is stored, never
 * the referrer): the search engines Chinese readers use, WeChat, Weibo, any other site, no referrer
 * at all (direct) and another page of the portal (internal).
 */
export const VIEW_SOURCES = [
  'baidu',
  'sogou',
  'so360',
  'bing',
  'google',
  'shenma',
  'wechat',
  'weibo',
  'other',
  'direct',
  'internal',
] as const;
export type ViewSource = (typeof VIEW_SOURCES)[number];
export const VIEW_SOURCE_LABEL: Record<ViewSource, string> = {
  baidu: '百度',
  sogou: '搜狗',
  so360: '360 搜索',
  bing: '必应',
  google: '谷歌',
  shenma: '神马',
  wechat: '微信',
  weibo: '微博',
  other: '其他网站',
  direct: '直接访问',
  internal: '站内',
};

/** Longest referrer the page-view call carries (longer ones are cut by the client; only the host is read). */
export const PAGE_VIEW_REFERRER_MAX = 512;

/** Longest date range one statistics call covers (and the default retention of the daily rows). */
export const STATS_MAX_RANGE_DAYS = 400;

/** A day of the newsroom (Asia/Shanghai) as the statistics calls take and answer it. */
export const STATS_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const DAY_MS = 86_400_000;
/** A real calendar day (2026-02-30 is none) as epoch ms at UTC midnight, or NaN. */
export function dayValue(day: string): number {
  if (!STATS_DAY_PATTERN.test(day)) return NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? NaN : ms;
}

/** GET /admin/api/stats/articles: the articles read in a range of days, most viewed first (fixed shape). */
export interface ArticleViewsItem {
  id: number;
  title: string;
  views: number;
}
export interface ArticleViewsPage {
  items: ArticleViewsItem[];
  total: number;
}

/** One day's views (days without views are answered with 0, so a trend has no gaps). */
export interface DayViews {
  day: string;
  views: number;
}
export interface LabelledViews<K extends string = string> {
  key: K;
  label: string;
  views: number;
}

/** GET /admin/api/stats/overview: the back office's 数据概览 dashboard. */
export interface StatsOverview {
  /** Today in Asia/Shanghai (YYYY-MM-DD). */
  today: string;
  views: { today: number; days7: number; days30: number };
  /** The last 30 days, oldest first. */
  trend: DayViews[];
  topToday: ArticleViewsItem[];
  topWeek: ArticleViewsItem[];
  /** The last 30 days by category, by source and by device. */
  byCategory: LabelledViews[];
  bySource: LabelledViews<ViewSource>[];
  byDevice: LabelledViews<ViewDevice>[];
  /** The newsroom's work. */
  work: {
    pendingColumnArticles: number;
    scheduledArticles: number;
    /** Leads collected today and over the last 7 days (counts only: their data stays behind the leads permission). */
    leadsToday: number;
    leads7: number;
  };
}

/** GET /admin/api/stats/articles/:id: one article's views by day (the range, oldest first) and by source. */
export interface ArticleStats {
  id: number;
  title: string;
  /** Every view ever counted (the article's pv), beside the range's. */
  totalViews: number;
  from: string;
  to: string;
  byDay: DayViews[];
  bySource: LabelledViews<ViewSource>[];
  byDevice: LabelledViews<ViewDevice>[];
}
