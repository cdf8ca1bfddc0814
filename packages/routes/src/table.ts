import { CATEGORY_PAGES, MOBILE_BREAKPOINT } from '@portal/api-client/constants';
import { href } from './href';
import { PAGES, fill } from './pages';

/**
 * The one route table of the portal (DESIGN.md section 2). It feeds the gateway's app choice
 * and HTTP 302 width redirects, both apps' client-side switch, and the generated nginx config.
 */
export type AppName = 'desktop' | 'mobile' | 'landing';
export type Width = 'wide' | 'narrow';

export interface RouteMatch {
  params: Record<string, string>;
  query: URLSearchParams;
}

export interface RouteRule {
  /** React Router style pattern: "/news/:id". Matched case-sensitively, whole path. */
  pattern: string;
  /** The app that renders this path. */
  app: AppName;
  /** Where a reader of the other width goes instead (HTTP 302). Absent: this app serves every width. */
  otherWidth?: (m: RouteMatch) => string;
  /** Header and footer hidden (spec: routes flagged limit). */
  limit?: boolean;
  /**
   * Instead of otherWidth: the other width's page is the article's /{category}/news/{id}, and only
   * the API knows the category. Gives the article id; the gateway looks it up (HTTP 302, unknown → 404).
   */
  articleId?: (m: RouteMatch) => string;
}

/**
 * What each path parameter may hold, as a regex source used by the gateway's matcher and the
 * generated nginx config alike. Ids are digits only: a parameter is copied into redirect targets,
 * and nginx matches locations against the decoded path, so anything wider would let
 * `/news/1%0d%0aSet-Cookie:…` or `/news/1%26x=` reach a Location header. No `{n}` quantifiers:
 * nginx would need the location quoted.
 */
export const PARAM_PATTERNS: Readonly<Record<string, string>> = {
  id: '[0-9]+',
  menu_id: '[0-9]+',
  mark: '[A-Za-z0-9_-]+',
  file: '[A-Za-z0-9_.-]+',
};

/*
 * Every value copied into a redirect target is percent-encoded, even where its pattern allows only
 * digits: by the `href` builders, and by URLSearchParams for a query passed on whole.
 */
const withQuery = (path: string, m: RouteMatch) => {
  const s = m.query.toString();
  return s ? `${path}?${s}` : path;
};
const idOf = (m: RouteMatch) => m.query.get('id') ?? '';

const categoryAliases = CATEGORY_PAGES.map((c) => c.alias);
/** A category page's own pattern: `:category` filled with its alias, the other parameters kept. */
const ofCategory = (pattern: string, alias: string) => fill(pattern, { category: alias });

/** The phone home's white-paper tab (the phone's only list of white papers). */
const PHONE_WHITE_PAPER_TAG = 2;

/*
 * Each rule's pattern and each redirect target come from ./pages.ts and the `href` builders, so a
 * link built by `href` names exactly the page its rule serves (a test resolves every builder).
 */
export const ROUTES: readonly RouteRule[] = [
  // landing app: any width, no header or footer
  ...[PAGES.vendor, PAGES.vendor2025, PAGES.partner, PAGES.activityForm].map((pattern): RouteRule => ({
    pattern,
    app: 'landing',
    limit: true,
  })),

  // desktop routes with a mobile equivalent (narrow readers are redirected)
  { pattern: PAGES.more, app: 'desktop', otherWidth: () => href.home() },
  ...categoryAliases.map((alias): RouteRule => ({
    pattern: ofCategory(PAGES.category, alias),
    app: 'desktop',
    otherWidth: () => href.home(),
  })),
  { pattern: PAGES.whitePapers, app: 'desktop', otherWidth: () => href.home(PHONE_WHITE_PAPER_TAG) },
  { pattern: PAGES.videos, app: 'desktop', otherWidth: () => href.mobile.videos() },
  { pattern: PAGES.video, app: 'desktop', otherWidth: (m) => href.mobile.video(idOf(m)) },
  { pattern: PAGES.news, app: 'desktop', articleId: (m) => m.params.id },
  { pattern: PAGES.secret, app: 'desktop', articleId: idOf },
  ...categoryAliases.map((alias): RouteRule => ({
    pattern: ofCategory(PAGES.article, alias),
    app: 'desktop',
    otherWidth: (m) => href.mobile.article({ category: alias, id: m.params.id ?? '' }),
  })),
  { pattern: PAGES.search, app: 'desktop', otherWidth: (m) => withQuery(href.mobile.search(), m) },
  { pattern: PAGES.user, app: 'desktop', otherWidth: () => href.mobile.user() },

  ...[
    // desktop-only routes: served at every width (usable at 360 px)
    PAGES.whitePaper,
    PAGES.itReport,
    PAGES.activity,
    PAGES.login,
    PAGES.forget,
    PAGES.recruit,
    PAGES.job,
    PAGES.about,
    // crawler files: RSS feeds (all articles, one per category), any width (the sitemaps are the API's: ./sitemap.ts)
    PAGES.rss,
    PAGES.categoryRss,
    // desktop resource routes (JSON for its own pages, feeds for crawlers): desktop at any width
    PAGES.indexFall,
    PAGES.articlePv,
    PAGES.categoryExperts,
  ].map((pattern): RouteRule => ({ pattern, app: 'desktop' })),

  // mobile routes with a desktop equivalent (wide readers are redirected)
  { pattern: PAGES.mobileVideos, app: 'mobile', otherWidth: () => href.videos() },
  { pattern: PAGES.mobileVideo, app: 'mobile', otherWidth: (m) => href.video(idOf(m)) },
  { pattern: PAGES.mobileSearch, app: 'mobile', otherWidth: (m) => withQuery(href.search(), m) },
  { pattern: PAGES.mobileList, app: 'mobile', otherWidth: (m) => href.news(idOf(m)) },
  { pattern: PAGES.mobileDetail, app: 'mobile', otherWidth: (m) => href.news(idOf(m)) },
  ...categoryAliases.map((alias): RouteRule => ({
    pattern: ofCategory(PAGES.mobileArticle, alias),
    app: 'mobile',
    otherWidth: (m) => href.article({ category: alias, id: m.params.id ?? '' }),
  })),
  { pattern: PAGES.mobileUser, app: 'mobile', otherWidth: () => href.user() },
  { pattern: PAGES.general, app: 'mobile', otherWidth: () => href.more(0) },
];

/** The public API (DESIGN.md section 3): never a page, at any width. */
export const API_PREFIX = '/api';

/** An app that is not one of the reader's widths: it owns every path under its prefix. */
export type PrefixAppName = 'admin';

/**
 * A prefix rule: the prefix itself and every path below it belong to one app at every width
 * (no width redirect, never a page of the public apps). The gateway mounts the app from it and
 * the generated nginx config routes it.
 */
export interface PrefixRule {
  /** "/admin": matches "/admin" and "/admin/…", not "/administrator". */
  prefix: string;
  app: PrefixAppName;
  /** The part of the prefix that is the app's JSON API, served by the API process. */
  api: string;
  /** The app's hashed build assets, straight from disk. */
  assets: string;
}

export const PREFIX_RULES: readonly PrefixRule[] = [
  // The back office (DESIGN.md section 9): its document, assets and /admin/api, on the desktop host.
  { prefix: '/admin', app: 'admin', api: '/admin/api', assets: '/admin/assets' },
];

/** Every prefix the API answers: the public API and each prefix app's own. */
export const API_PREFIXES: readonly string[] = [API_PREFIX, ...PREFIX_RULES.map((rule) => rule.api)];

/**
 * Health endpoints of every server process (DESIGN.md section 9), never pages: `/healthz` answers
 * while the process lives, `/readyz` when its database (and Redis, when configured) answer.
 */
export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/** True when `pathname` is `prefix` or lies below it ("/admin", "/admin/x"; not "/admins"). */
export const underPrefix = (pathname: string, prefix: string): boolean =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);

/** The prefix rule that owns a path, if any. */
export function prefixRuleOf(pathname: string): PrefixRule | undefined {
  return PREFIX_RULES.find((rule) => underPrefix(pathname, rule.prefix));
}

/**
 * Paths (or patterns) both apps render, each for its own width: the home, the privacy statement,
 * the 404 page and a topic's page. No width redirect: the same address serves both widths.
 */
export const SHARED_PATHS: readonly string[] = [
  PAGES.home,
  PAGES.privacy,
  PAGES.notFound,
  PAGES.topic,
  PAGES.unsubscribe,
];

export function widthOf(vw: number): Width {
  return vw < MOBILE_BREAKPOINT ? 'narrow' : 'wide';
}

export const appForWidth = (w: Width): AppName => (w === 'narrow' ? 'mobile' : 'desktop');
