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
    // Every kind of @portal/api-client/admin-resources: one list and one edit page for all of them.
    route(':kind', 'features/resources/list.tsx'),
    route(':kind/new', 'features/resources/edit.tsx', { id: 'resource-new' }),
    route(':kind/:id', 'features/resources/edit.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
