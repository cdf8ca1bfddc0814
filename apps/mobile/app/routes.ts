import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { CATEGORY_PAGES } from '@portal/api-client/constants';

/** Mobile routes (spec section 2); which app owns a path is decided by @portal/routes. */
export default [
  index('routes/home/home.tsx'),
  route('general/:menu_id', 'routes/general/general.tsx'),
  route('new_search', 'routes/search/search.tsx'),
  route('new_list', 'routes/news/detail.tsx', { id: 'new-list' }),
  route('new_detail', 'routes/news/detail.tsx', { id: 'new-detail' }),
  ...CATEGORY_PAGES.map((c) =>
    route(`${c.alias}/news/:id`, 'routes/news/detail.tsx', { id: `news-${c.alias}` }),
  ),
  route('video_List', 'routes/video/list.tsx'),
  route('video_detail', 'routes/video/detail.tsx'),
  route('new_user', 'routes/user/user.tsx'),
  route('topic/:id', 'routes/topic/topic.tsx'),
  route('privacy', 'routes/privacy/privacy.tsx'),
  route('unsubscribe', 'routes/unsubscribe/unsubscribe.tsx'),
  route('404', 'routes/errors/not-found.tsx', { id: 'not-found-page' }),
  route('*', 'routes/errors/not-found.tsx'),
] satisfies RouteConfig;
