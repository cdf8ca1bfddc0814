import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { CATEGORY_PAGES } from '@portal/api-client/constants';

/** Desktop routes (spec section 2); which app owns a path is decided by @portal/routes. */
export default [
  index('routes/home/home.tsx'),
  route('index_fall', 'routes/home/fall.ts'),
  // public reading screens (spec section 2)
  ...CATEGORY_PAGES.map((c) => route(c.alias, 'routes/category/category.tsx', { id: `category-${c.alias}` })),
  ...CATEGORY_PAGES.map((c) =>
    route(`${c.alias}/:id`, 'routes/article/article.tsx', { id: `article-${c.alias}` }),
  ),
  route('news/:id', 'routes/article/article.tsx', { id: 'article-news' }),
  route('secret', 'routes/article/article.tsx', { id: 'article-secret' }),
  route('article_pv', 'routes/article/pv.ts'),
  route('category_experts', 'routes/category/experts.ts'),
  route('more', 'routes/more/more.tsx'),
  route('topic/:id', 'routes/topic/topic.tsx'),
  route('white_pager', 'routes/white-paper/list.tsx'),
  route('white_pager/pdf', 'routes/white-paper/pdf.tsx'),
  route('video', 'routes/video/video.tsx'),
  route('videoc', 'routes/video/detail.tsx'),
  route('it_report', 'routes/it-report/it-report.tsx'),
  route('activity', 'routes/activity/activity.tsx'),
  route('search', 'routes/search/search.tsx'),
  route('recruit', 'routes/recruit/recruit.tsx'),
  route('recruit/detail', 'routes/recruit/detail.tsx'),
  route('about', 'routes/about/about.tsx'),
  route('privacy', 'routes/privacy/privacy.tsx'),
  route('unsubscribe', 'routes/unsubscribe/unsubscribe.tsx'),
  // member screens share the session store (routes/member/layout.tsx)
  layout('routes/member/layout.tsx', [
    route('login', 'routes/member/login.tsx'),
    route('forget', 'routes/member/forget.tsx'),
    route('user', 'routes/member/user.tsx'),
  ]),
  route('rss.xml', 'routes/feeds/rss.ts', { id: 'rss-all' }),
  route('rss/:file', 'routes/feeds/rss.ts', { id: 'rss-category' }),
  route('404', 'routes/errors/not-found.tsx', { id: 'not-found-page' }),
  route('*', 'routes/errors/not-found.tsx'),
] satisfies RouteConfig;
