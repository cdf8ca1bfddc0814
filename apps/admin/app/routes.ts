import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  route('login', 'routes/login.tsx'),
  layout('routes/shell.tsx', [
    index('routes/home.tsx'),
    route('articles', 'routes/articles/list.tsx'),
    route('articles/new', 'routes/articles/edit.tsx', { id: 'article-new' }),
    route('articles/:id', 'routes/articles/edit.tsx'),
    route('review', 'routes/review.tsx'),
    route('leads', 'routes/leads.tsx'),
    route('media', 'features/media/MediaPage.tsx'),
    route('audit', 'routes/audit.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
