import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { PAGES, fill, withValues, type PathValue } from './pages';

/** An article and its category: the alias of the category's page, or '' (any other alias) without one. */
export interface ArticleRef {
  category: string;
  id: PathValue;
}

const hasCategoryPage = (alias: string) => CATEGORY_PAGES.some((c) => c.alias === alias);
const withId = (path: string, id: PathValue) => withValues(path, { id });
/** Any article by id alone, on each width: what an article without a category page links to. */
const news = (id: PathValue) => fill(PAGES.news, { id });
const mobileDetail = (id: PathValue) => withId(PAGES.mobileDetail, id);

/**
 * The phone app's pages whose address differs from the desktop's (`href.mobile`); one named like a
 * desktop builder shows the same content.
 */
const mobile = {
  /** The video list (desktop: `href.videos`). */
  videos: () => PAGES.mobileVideos,
  /** A video's page (desktop: `href.video`). */
  video: (id: PathValue) => withId(PAGES.mobileVideo, id),
  /** Search, with the words searched for (desktop: `href.search`). */
  search: (words?: string) => withValues(PAGES.mobileSearch, { data: words }),
  /** An article by id alone, the legacy list address (redirects like `detail`). */
  list: (id: PathValue) => withId(PAGES.mobileList, id),
  /** Any article by id alone, also one outside the twelve category pages. */
  detail: mobileDetail,
  /** An article: /{category}/news/{id} when its category has a page (spec section 2), else `detail`. */
  article: ({ category, id }: ArticleRef) =>
    hasCategoryPage(category) ? fill(PAGES.mobileArticle, { category, id }) : mobileDetail(id),
  /** The member centre (desktop: `href.user`). */
  user: () => PAGES.mobileUser,
  /** A small-menu section (spec section 2). */
  general: (menuId: PathValue) => fill(PAGES.general, { menu_id: menuId }),
};

/**
 * The address of every page of the route table, built from the same pattern as its rule
 * (./pages.ts) with every value percent-encoded. `href.x` is a page both widths share, a landing
 * page, or the desktop page (desktop-only pages serve every width); `href.mobile.x` is the phone
 * app's page where the two widths have different addresses.
 */
export const href = {
  /** The home page; `tag` opens one of the phone home's tabs. */
  home: (tag?: PathValue) => withValues(PAGES.home, { tag }),
  privacy: () => PAGES.privacy,
  notFound: () => PAGES.notFound,
  /** A topic's page (专题); pages after the first carry their number. */
  topic: (id: PathValue, page = 1) =>
    withValues(fill(PAGES.topic, { id }), { page: page > 1 ? page : undefined }),
  /** The newsletter's unsubscribe confirmation: the link in every newsletter message. */
  unsubscribe: (token: string) => withValues(PAGES.unsubscribe, { token }),

  vendor: () => PAGES.vendor,
  vendor2025: () => PAGES.vendor2025,
  partner: (mark: string) => fill(PAGES.partner, { mark }),
  /** An activity's registration form; `source` names where the reader came from. */
  activityForm: (id: PathValue, source?: string) => withValues(PAGES.activityForm, { id, source }),

  /** The article list of a category by id (0: every category), or of all articles. */
  more: (categoryId?: PathValue) => withValues(PAGES.more, { id: categoryId }),
  /** One of the twelve category pages. */
  category: (alias: string) => fill(PAGES.category, { category: alias }),
  /** An article: /{category}/{id} when its category has a page, else `news`. */
  article: ({ category, id }: ArticleRef) =>
    hasCategoryPage(category) ? fill(PAGES.article, { category, id }) : news(id),
  /** Any article by id alone. */
  news,
  /** An article shown by id in the query. */
  secret: (id: PathValue) => withId(PAGES.secret, id),
  whitePapers: () => PAGES.whitePapers,
  /** A white paper's in-product viewer. */
  whitePaper: (id: PathValue) => withId(PAGES.whitePaper, id),
  videos: () => PAGES.videos,
  /** A video's page (the player). */
  video: (id: PathValue) => withId(PAGES.video, id),
  /** Search, with the words searched for. */
  search: (words?: string) => withValues(PAGES.search, { data: words }),
  /** The member centre. */
  user: () => PAGES.user,
  /** The IT weekly report: an issue, and the year and page of the past issues' list. */
  itReport: ({ id, year, ipage }: { id?: PathValue; year?: PathValue; ipage?: PathValue } = {}) =>
    withValues(PAGES.itReport, { id, year, ipage }),
  activity: () => PAGES.activity,
  /** Login, or the registration tab. */
  login: (tab?: 'register') => withValues(PAGES.login, { tab }),
  forget: () => PAGES.forget,
  recruit: () => PAGES.recruit,
  /** One position of the positions page, by its place in the list. */
  job: (index: PathValue) => withId(PAGES.job, index),
  /** The about page, or one of its sections. */
  about: (section?: 'contact' | 'copyright') => (section ? `${PAGES.about}#${section}` : PAGES.about),
  /** The RSS feed of every article, or of one category page's. */
  rss: (category?: string) =>
    category === undefined ? PAGES.rss : fill(PAGES.categoryRss, { file: `${category}.xml` }),
  /** The desktop home's waterfall, one page as JSON. */
  indexFall: (page: PathValue) => withValues(PAGES.indexFall, { page }),
  /** Where both sites count an article's page view. */
  articlePv: () => PAGES.articlePv,
  /** The next batch of a category page's experts, as JSON. */
  categoryExperts: (batch: PathValue) => withValues(PAGES.categoryExperts, { batch }),

  mobile,
};
