import type { FastifyInstance } from 'fastify';

/**
 * Every (method, path) the app serves under `prefix`, read back from `printRoutes`' tree: each line is
 * `<indent>├── <segment> (METHODS)`, four characters of indent per level, a child's segment appended
 * to its parent's. HEAD (Fastify adds it to every GET) is left out.
 */
export function servedRoutes(app: FastifyInstance, prefix: string): { method: string; path: string }[] {
  const parents: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? parents[depth - 1]! : '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    if (!path.startsWith(prefix) || !match[3]) continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') routes.push({ method, path: path.slice(prefix.length) });
    }
  }
  return routes;
}
