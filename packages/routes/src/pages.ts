import { TOPIC_PAGE } from '@portal/api-client/constants';

/**
 * The address pattern of every page of the route table, written once: the table's rules
 * (./table.ts) and the address builders (`href`, ./href.ts) both take them from here, so a link
 * cannot name a page no app serves. `:category` stands for one of the twelve category aliases
 * (the table declares one rule per alias); the other `:name` segments are the table's parameters.
 */
export const PAGES = {
  // both apps, each for its own width
  home: '/',
  privacy: '/privacy',
  notFound: '/404',
  topic: `${TOPIC_PAGE}/:id`,
  unsubscribe: '/unsubscribe',

  // landing: any width
  vendor: '/vendor',
  vendor2025: '/vendor2025',
  partner: '/partner/:mark',
  activityForm: '/activity/register',

  // desktop
  more: '/more',
  category: '/:category',
  article: '/:category/:id',
  news: '/news/:id',
  secret: '/secret',
  whitePapers: '/white_pager',
  whitePaper: '/white_pager/pdf',
  videos: '/video',
  video: '/videoc',
  search: '/search',
  user: '/user',
  itReport: '/it_report',
  activity: '/activity',
  login: '/login',
  forget: '/forget',
  recruit: '/recruit',
  job: '/recruit/detail',
  about: '/about',
  rss: '/rss.xml',
  categoryRss: '/rss/:file',
  indexFall: '/index_fall',
  articlePv: '/article_pv',
  categoryExperts: '/category_experts',

  // mobile
  mobileVideos: '/video_List',
  mobileVideo: '/video_detail',
  mobileSearch: '/new_search',
  mobileList: '/new_list',
  mobileDetail: '/new_detail',
  mobileArticle: '/:category/news/:id',
  mobileUser: '/new_user',
  general: '/general/:menu_id',
} as const;

/** A value of an address: a record's id, a key, a word searched for. */
export type PathValue = string | number;

/** The pattern with the named segments (`:name`) replaced by their percent-encoded values; others stay. */
export function fill(pattern: string, params: Readonly<Record<string, PathValue>>): string {
  return pattern
    .split('/')
    .map((seg) => {
      const value = seg.startsWith(':') ? params[seg.slice(1)] : undefined;
      return value === undefined ? seg : encodeURIComponent(value);
    })
    .join('/');
}

/**
 * The path with a query of the given values, in the order given, each percent-encoded the way
 * the pages always wrote them (encodeURIComponent); an undefined value is left out.
 */
export function withValues(path: string, values: Readonly<Record<string, PathValue | undefined>>): string {
  const pairs = Object.entries(values).flatMap(([key, value]) =>
    value === undefined ? [] : [`${key}=${encodeURIComponent(value)}`],
  );
  return pairs.length ? `${path}?${pairs.join('&')}` : path;
}
