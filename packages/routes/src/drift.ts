import { ROUTES, SHARED_PATHS, type AppName } from './table';

/** The shape of a React Router route config entry that matters here (see @react-router/dev/routes). */
export interface RouteConfigNode {
  path?: string;
  index?: boolean;
  children?: readonly RouteConfigNode[];
}

/** Every URL pattern an app's routes.ts declares ("/news/:id"), layouts flattened, the catch-all left out. */
export function configuredPaths(routes: readonly RouteConfigNode[], parent = ''): string[] {
  return routes.flatMap((node) => {
    const path = node.index ? parent || '/' : node.path === undefined ? parent : `${parent}/${node.path}`;
    const own =
      node.index || (node.path !== undefined && node.path !== '*') ? [path.replace(/\/+/g, '/')] : [];
    return [...own, ...configuredPaths(node.children ?? [], node.path === undefined ? parent : path)];
  });
}

/** The paths the route table gives an app ("/" is both sites' home). */
export function tablePaths(app: AppName): string[] {
  const own = ROUTES.filter((rule) => rule.app === app).map((rule) => rule.pattern);
  return app === 'landing' ? own : [...SHARED_PATHS, ...own];
}

/** Paths in one list and not the other: both empty when an app's routes.ts and the table agree. */
export function routeDrift(
  app: AppName,
  routes: readonly RouteConfigNode[],
): { notInTable: string[]; notInApp: string[] } {
  const configured = new Set(configuredPaths(routes));
  const table = new Set(tablePaths(app));
  return {
    notInTable: [...configured].filter((path) => !table.has(path)).sort(),
    notInApp: [...table].filter((path) => !configured.has(path)).sort(),
  };
}
