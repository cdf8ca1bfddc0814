import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { PAGES, fill, type PathValue } from './pages';
import { matchRoute } from './resolve';

/**
 * Surrogate keys (a CDN's cache tags): what a page shows, named once for the gateway, which sends
 * them with every shareable page (Surrogate-Key, Cache-Tag), and for the API, which purges them
 * when that content changes.
 */
export const SURROGATE_KEYS = {
  /** Every page: a change that may show anywhere (menus, footer, ads, a new sensitive word). */
  site: 'site',
  /** The home page of either width. */
  home: 'home',
  /** Lists of the newest articles of every category: /more, the phone's menu feeds. */
  latest: 'latest',
  /** The pages of one article, on either width. */
  article: (id: PathValue) => `article-${id}`,
  /** A category's lists of articles: its page, and /more?id=<its id>. */
  list: (alias: string) => `list-${alias}`,
  /** A topic's pages (专题), on either width: its picked articles, or its category's newest. */
  topic: (id: PathValue) => `topic-${id}`,
} as const;

const ALIASES = CATEGORY_PAGES.map((c) => c.alias);
const withAlias = (pattern: string, alias: string) => fill(pattern, { category: alias });
/** A category page's rule pattern → its alias. */
const CATEGORY_OF_PATTERN = new Map<string, string>(
  ALIASES.map((alias) => [withAlias(PAGES.category, alias), alias]),
);
/** Rules whose `:id` is an article id. */
const ARTICLE_BY_PATH = new Set<string>([
  PAGES.news,
  ...ALIASES.flatMap((alias) => [withAlias(PAGES.article, alias), withAlias(PAGES.mobileArticle, alias)]),
]);
/** Rules that show the article named by `?id=`. */
const ARTICLE_BY_QUERY = new Set<string>([PAGES.secret, PAGES.mobileDetail, PAGES.mobileList]);
const ARTICLE_ID = /^[0-9]{1,15}$/;
const ALIAS_BY_ID = new Map<string, string>(CATEGORY_PAGES.map((c) => [String(c.id), c.alias]));

/** A topic's page, on either width (a shared path: no rule of the table). */
const TOPIC = new RegExp(`^${PAGES.topic.replace(':id', '([0-9]{1,15})')}/?$`);

/** The key of a page listing articles other than a category page: /more, a phone menu feed. */
function listKey(pattern: string, query: URLSearchParams): string | null {
  if (pattern === PAGES.general) return SURROGATE_KEYS.latest;
  if (pattern !== PAGES.more) return null;
  const alias = ALIAS_BY_ID.get(query.get('id') ?? '');
  return alias ? SURROGATE_KEYS.list(alias) : SURROGATE_KEYS.latest;
}

/** The surrogate keys of the page at `pathname` + `query`: always `site`, then what it shows. */
export function pageSurrogateKeys(pathname: string, query: URLSearchParams): string[] {
  const keys: string[] = [SURROGATE_KEYS.site];
  if (pathname === PAGES.home) return [...keys, SURROGATE_KEYS.home];
  const topic = TOPIC.exec(pathname);
  if (topic) return [...keys, SURROGATE_KEYS.topic(topic[1]!)];
  const found = matchRoute(pathname);
  if (!found) return keys;
  const { pattern } = found.rule;
  const listed = listKey(pattern, query);
  if (listed) return [...keys, listed];
  const alias = CATEGORY_OF_PATTERN.get(pattern);
  const id = ARTICLE_BY_PATH.has(pattern)
    ? found.params.id
    : ARTICLE_BY_QUERY.has(pattern)
      ? query.get('id')
      : undefined;
  if (alias) keys.push(SURROGATE_KEYS.list(alias));
  else if (id && ARTICLE_ID.test(id)) keys.push(SURROGATE_KEYS.article(id));
  return keys;
}
