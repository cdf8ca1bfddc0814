import { describe, expect, it } from 'vitest';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { href } from './href';
import { isSharedPath, matchRoute, resolveRoute } from './resolve';
import { ROUTES, SHARED_PATHS } from './table';

type Sampled<T> = { [K in keyof T]: readonly string[] };
const ALIASES = CATEGORY_PAGES.map((c) => c.alias);

/*
 * What each builder makes, for sample values. Typed over every member of `href`: a new builder
 * without samples fails the typecheck, so each one is resolved below.
 */
const DESKTOP: Sampled<Omit<typeof href, 'mobile'>> = {
  home: [href.home(), href.home(2)],
  privacy: [href.privacy()],
  notFound: [href.notFound()],
  topic: [href.topic(12), href.topic('12', 3)],
  unsubscribe: [href.unsubscribe('t0k/en=')],
  vendor: [href.vendor()],
  vendor2025: [href.vendor2025()],
  partner: [href.partner('demo1')],
  activityForm: [href.activityForm(1), href.activityForm(1, 'ad1')],
  more: [href.more(), href.more(0), href.more(694)],
  category: ALIASES.map((alias) => href.category(alias)),
  article: [
    ...ALIASES.map((category) => href.article({ category, id: 12 })),
    href.article({ category: '', id: 12 }),
  ],
  news: [href.news(12)],
  secret: [href.secret(12)],
  whitePapers: [href.whitePapers()],
  whitePaper: [href.whitePaper(3)],
  videos: [href.videos()],
  video: [href.video(44)],
  search: [href.search(), href.search('存储 云')],
  user: [href.user()],
  itReport: [href.itReport(), href.itReport({ id: 9, year: 2026, ipage: 2 })],
  activity: [href.activity()],
  login: [href.login(), href.login('register')],
  forget: [href.forget()],
  recruit: [href.recruit()],
  job: [href.job(0)],
  about: [href.about(), href.about('contact')],
  rss: [href.rss(), href.rss('AI')],
  indexFall: [href.indexFall(2)],
  articlePv: [href.articlePv()],
  categoryExperts: [href.categoryExperts(2)],
};

const MOBILE: Sampled<typeof href.mobile> = {
  videos: [href.mobile.videos()],
  video: [href.mobile.video(44)],
  search: [href.mobile.search(), href.mobile.search('存储')],
  list: [href.mobile.list(12)],
  detail: [href.mobile.detail(12)],
  article: [
    ...ALIASES.map((category) => href.mobile.article({ category, id: 12 })),
    href.mobile.article({ category: 'x', id: 12 }),
  ],
  user: [href.mobile.user()],
  general: [href.mobile.general(10001)],
};

const cases = (samples: Record<string, readonly string[]>) =>
  Object.entries(samples).flatMap(([name, paths]) => paths.map((path) => [name, path] as const));
const pathnameOf = (path: string) => new URL(path, 'http://portal.invalid').pathname;

/** The shared pattern a path is, if any ('/topic/:id' for '/topic/12'). */
const sharedPatternOf = (pathname: string) =>
  SHARED_PATHS.find((pattern) =>
    new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+').replace(/\./g, '\\.')}$`).test(pathname),
  );

describe('href: every builder names a page of the route table', () => {
  it.each(cases(DESKTOP))('href.%s → %s: a shared page, or a desktop or landing rule', (_name, path) => {
    expect(path).toMatch(/^\/(?!\/)/);
    const pathname = pathnameOf(path);
    if (isSharedPath(pathname)) return;
    const found = matchRoute(pathname);
    expect(found, path).toBeDefined();
    expect(found!.rule.app).not.toBe('mobile');
    // A wide reader stays on it (no width redirect to another address).
    expect(resolveRoute(pathname, '', 'wide').redirect).toBeUndefined();
  });

  it.each(cases(MOBILE))('href.mobile.%s → %s: a rule of the phone app', (_name, path) => {
    const pathname = pathnameOf(path);
    expect(matchRoute(pathname)?.rule.app, path).toBe('mobile');
    expect(resolveRoute(pathname, '', 'narrow').redirect).toBeUndefined();
  });

  it('reaches every rule and every shared page of the table', () => {
    const paths = [...cases(DESKTOP), ...cases(MOBILE)].map(([, path]) => pathnameOf(path));
    const reached = new Set(paths.flatMap((p) => [matchRoute(p)?.rule.pattern, sharedPatternOf(p)]));
    const unreached = [...ROUTES.map((rule) => rule.pattern), ...SHARED_PATHS].filter(
      (pattern) => !reached.has(pattern),
    );
    expect(unreached).toEqual([]);
  });
});

describe('href: addresses', () => {
  it('are the ones the pages always linked (the HTML does not change)', () => {
    expect(href.article({ category: 'AI', id: 12 })).toBe('/AI/12');
    expect(href.article({ category: '', id: 12 })).toBe('/news/12');
    expect(href.mobile.article({ category: 'AI', id: 12 })).toBe('/AI/news/12');
    expect(href.mobile.article({ category: 'unknown', id: 14 })).toBe('/new_detail?id=14');
    expect(href.video(44)).toBe('/videoc?id=44');
    expect(href.mobile.video(44)).toBe('/video_detail?id=44');
    expect(href.home(2)).toBe('/?tag=2');
    expect(href.more(0)).toBe('/more?id=0');
    expect(href.topic(7, 1)).toBe('/topic/7');
    expect(href.topic(7, 2)).toBe('/topic/7?page=2');
    expect(href.itReport({ id: 9, year: 2026, ipage: 2 })).toBe('/it_report?id=9&year=2026&ipage=2');
    expect(href.activityForm(1, 'ad1')).toBe('/activity/register?id=1&source=ad1');
    expect(href.login('register')).toBe('/login?tab=register');
    expect(href.about('contact')).toBe('/about#contact');
    expect(href.rss('AI')).toBe('/rss/AI.xml');
    expect(href.mobile.general(10001)).toBe('/general/10001');
  });

  it('percent-encode every value', () => {
    expect(href.partner('a b&c/d')).toBe('/partner/a%20b%26c%2Fd');
    expect(href.search('存储 & 云')).toBe('/search?data=%E5%AD%98%E5%82%A8%20%26%20%E4%BA%91');
    expect(href.mobile.search('a#b')).toBe('/new_search?data=a%23b');
    expect(href.video('1&x=2')).toBe('/videoc?id=1%26x%3D2');
    expect(href.news('1/../x')).toBe('/news/1%2F..%2Fx');
    expect(href.unsubscribe('t0k/en=')).toBe('/unsubscribe?token=t0k%2Fen%3D');
    expect(href.mobile.article({ category: 'AI', id: '1?x' })).toBe('/AI/news/1%3Fx');
  });
});
