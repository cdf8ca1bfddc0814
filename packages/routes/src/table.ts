import { CATEGORY_PAGES, MOBILE_BREAKPOINT, TOPIC_PAGE } from '@portal/api-client/constants';

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

/** Every value copied into a redirect target is percent-encoded, even where its pattern allows only digits. */
const q = (m: RouteMatch, key: string) => encodeURIComponent(m.query.get(key) ?? '');
const p = (m: RouteMatch, key: string) => encodeURIComponent(m.params[key] ?? '');
const withQuery = (path: string, m: RouteMatch) => {
  const s = m.query.toString();
  return s ? `${path}?${s}` : path;
};

const categoryAliases = CATEGORY_PAGES.map((c) => c.alias);

/*
 * Pages other code links to by id (a record's page, the back office's previews): each builder
 * makes its path from the same constant as its rule below, so a link cannot name a page no app
 * serves. A value is percent-encoded wherever it goes.
 */
const VIDEO_PAGE = '/videoc';
const MOBILE_VIDEO_PAGE = '/video_detail';
const WHITE_PAPER_PAGE = '/white_pager/pdf';
const ACTIVITY_FORM_PAGE = '/activity/register';
const PARTNER_PAGE = '/partner/:mark';
const withId = (page: string, id: string | number) => `${page}?id=${encodeURIComponent(id)}`;

/** A video's desktop page (the player). */
export const videoPath = (id: string | number) => withId(VIDEO_PAGE, id);
/** A video's phone page. */
export const mobileVideoPath = (id: string | number) => withId(MOBILE_VIDEO_PAGE, id);
/** A white paper's in-product viewer (desktop, served at every width). */
export const whitePaperPath = (id: string | number) => withId(WHITE_PAPER_PAGE, id);
/** An activity's registration form (landing, any width). */
export const activityFormPath = (id: string | number) => withId(ACTIVITY_FORM_PAGE, id);
/** A partner's page (landing, any width). */
export const partnerPath = (mark: string) => PARTNER_PAGE.replace(':mark', encodeURIComponent(mark));
/** The home page (both widths). */
export const HOME_PATH = '/';
/** The positions page (desktop, every width). */
export const RECRUIT_PATH = '/recruit';

export const ROUTES: readonly RouteRule[] = [
  // landing app: any width, no header or footer
  { pattern: '/vendor', app: 'landing', limit: true },
  { pattern: '/vendor2025', app: 'landing', limit: true },
  { pattern: PARTNER_PAGE, app: 'landing', limit: true },
  { pattern: ACTIVITY_FORM_PAGE, app: 'landing', limit: true },

  // desktop routes with a mobile equivalent (narrow readers are redirected)
  { pattern: '/more', app: 'desktop', otherWidth: () => '/' },
  ...categoryAliases.map((alias): RouteRule => ({
    pattern: `/${alias}`,
    app: 'desktop',
    otherWidth: () => '/',
  })),
  { pattern: '/white_pager', app: 'desktop', otherWidth: () => '/?tag=2' },
  { pattern: '/video', app: 'desktop', otherWidth: () => '/video_List' },
  { pattern: VIDEO_PAGE, app: 'desktop', otherWidth: (m) => mobileVideoPath(m.query.get('id') ?? '') },
  { pattern: '/news/:id', app: 'desktop', articleId: (m) => m.params.id },
  { pattern: '/secret', app: 'desktop', articleId: (m) => m.query.get('id') ?? '' },
  ...categoryAliases.map((alias): RouteRule => ({
    pattern: `/${alias}/:id`,
    app: 'desktop',
    otherWidth: (m) => `/${alias}/news/${p(m, 'id')}`,
  })),
  { pattern: '/search', app: 'desktop', otherWidth: (m) => withQuery('/new_search', m) },
  { pattern: '/user', app: 'desktop', otherWidth: () => '/new_user' },

  // desktop-only routes: served at every width (usable at 360 px)
  { pattern: WHITE_PAPER_PAGE, app: 'desktop' },
  { pattern: '/it_report', app: 'desktop' },
  { pattern: '/activity', app: 'desktop' },
  { pattern: '/login', app: 'desktop' },
  { pattern: '/forget', app: 'desktop' },
  { pattern: RECRUIT_PATH, app: 'desktop' },
  { pattern: '/recruit/detail', app: 'desktop' },
  { pattern: '/about', app: 'desktop' },
  // crawler files: RSS feeds (all articles, one per category), any width (the sitemaps are the API's: ./sitemap.ts)
  { pattern: '/rss.xml', app: 'desktop' },
  { pattern: '/rss/:file', app: 'desktop' },
  // desktop resource routes (JSON for its own pages, feeds for crawlers): desktop at any width
  { pattern: '/index_fall', app: 'desktop' },
  { pattern: '/article_pv', app: 'desktop' },
  { pattern: '/category_experts', app: 'desktop' },

  // mobile routes with a desktop equivalent (wide readers are redirected)
  { pattern: '/video_List', app: 'mobile', otherWidth: () => '/video' },
  { pattern: MOBILE_VIDEO_PAGE, app: 'mobile', otherWidth: (m) => videoPath(m.query.get('id') ?? '') },
  { pattern: '/new_search', app: 'mobile', otherWidth: (m) => withQuery('/search', m) },
  { pattern: '/new_list', app: 'mobile', otherWidth: (m) => `/news/${q(m, 'id')}` },
  { pattern: '/new_detail', app: 'mobile', otherWidth: (m) => `/news/${q(m, 'id')}` },
  ...categoryAliases.map((alias): RouteRule => ({
    pattern: `/${alias}/news/:id`,
    app: 'mobile',
    otherWidth: (m) => `/${alias}/${p(m, 'id')}`,
  })),
  { pattern: '/new_user', app: 'mobile', otherWidth: () => '/user' },
  { pattern: '/general/:menu_id', app: 'mobile', otherWidth: () => '/more?id=0' },
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

/** The phone page of an article in one of the category pages (spec: /{category}/news/{id}). */
export const mobileArticlePath = (alias: string, id: string | number) => `/${alias}/news/${id}`;

/** The phone page of any article, also one outside the twelve category pages. */
export const mobileDetailPath = (id: string | number) => `/new_detail?id=${id}`;

/** An issue of the IT weekly report (desktop, every width). */
export const itReportPath = (id: string | number) => withId('/it_report', id);

/** The newsletter's unsubscribe confirmation (both sites): the link in every newsletter message. */
export const UNSUBSCRIBE_PATH = '/unsubscribe';
export const unsubscribePath = (token: string) => `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

/** The privacy statement (linked from the cookie banner and every form that collects personal data). */
export const PRIVACY_PATH = '/privacy';

/** A topic's page (专题): the topic lists of both sites link here. */
export const TOPIC_PATH = `${TOPIC_PAGE}/:id`;
export const topicPath = (id: string | number) => `${TOPIC_PAGE}/${id}`;

/**
 * Paths (or patterns) both apps render, each for its own width: the home, the privacy statement,
 * the 404 page and a topic's page. No width redirect: the same address serves both widths.
 */
export const SHARED_PATHS: readonly string[] = [
  HOME_PATH,
  PRIVACY_PATH,
  '/404',
  TOPIC_PATH,
  UNSUBSCRIBE_PATH,
];

export function widthOf(vw: number): Width {
  return vw < MOBILE_BREAKPOINT ? 'narrow' : 'wide';
}

export const appForWidth = (w: Width): AppName => (w === 'narrow' ? 'mobile' : 'desktop');
