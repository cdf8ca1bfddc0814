import {
  PARAM_PATTERNS,
  ROUTES,
  SHARED_PATHS,
  appForWidth,
  type AppName,
  type RouteRule,
  type Width,
} from './table';

/** The regex source of a path parameter; a parameter without a declared pattern is a table error. */
export function paramPattern(name: string): string {
  const pattern = PARAM_PATTERNS[name];
  if (!pattern) throw new Error(`route table: parameter :${name} has no entry in PARAM_PATTERNS`);
  return pattern;
}

function compile(pattern: string): { re: RegExp; keys: string[] } {
  const keys: string[] = [];
  const source = pattern
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        keys.push(seg.slice(1));
        return `(${paramPattern(seg.slice(1))})`;
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { re: new RegExp(`^${source}/?$`), keys };
}

const COMPILED = ROUTES.map((rule) => ({ rule, ...compile(rule.pattern) }));
const SHARED = SHARED_PATHS.map((pattern) => compile(pattern).re);

/** True for a path both apps render for their own width ('/', '/topic/12'). */
export function isSharedPath(pathname: string): boolean {
  return SHARED.some((re) => re.test(pathname));
}

export interface Resolution {
  /** The app that should render. */
  app: AppName;
  /** Set when the reader must be sent elsewhere (HTTP 302). */
  redirect?: string;
  /** The matched rule; undefined for shared paths and unknown paths (404 in the width's app). */
  rule?: RouteRule;
  /** The reader of the other width goes to this article's category page: look it up (rule.articleId). */
  articleId?: string;
}

export function matchRoute(pathname: string) {
  for (const c of COMPILED) {
    const m = c.re.exec(pathname);
    if (m) {
      // The patterns admit no '%', so parameters need no decoding (and a malformed escape cannot throw).
      const params: Record<string, string> = {};
      c.keys.forEach((k, i) => (params[k] = m[i + 1]));
      return { rule: c.rule, params };
    }
  }
  return undefined;
}

/** Decide, for a request path and a reader width, which app renders it or where to redirect. */
export function resolveRoute(pathname: string, search: string, width: Width): Resolution {
  const widthApp = appForWidth(width);
  if (isSharedPath(pathname)) return { app: widthApp };
  const found = matchRoute(pathname);
  if (!found) return { app: widthApp };
  const { rule, params } = found;
  if (rule.app === 'landing' || rule.app === widthApp) return { app: rule.app, rule };
  const match = { params, query: new URLSearchParams(search) };
  if (rule.articleId) return { app: rule.app, rule, articleId: rule.articleId(match) };
  if (!rule.otherWidth) return { app: rule.app, rule };
  const redirect = rule.otherWidth(match);
  return { app: rule.app, rule, redirect };
}

/** True when the path is flagged limit (header and footer hidden). */
export function isLimitRoute(pathname: string): boolean {
  return matchRoute(pathname)?.rule.limit === true;
}
