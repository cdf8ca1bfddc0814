import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { JS_BUDGET_KB, type BudgetKind } from './budgets';
import { ROOT } from './proc';

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}
interface ServerBuild {
  assets: { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };
  publicPath: string;
}

export interface BundleRow {
  app: string;
  route: string;
  kind: BudgetKind | 'other';
  js_kb: number;
  css_kb: number;
  budget_kb: number | null;
  within: boolean | null;
}

const CATEGORY = CATEGORY_PAGES.map((c) => c.alias).join('|');
const ARTICLE = new RegExp(`^/(news/:id|secret|(${CATEGORY}|:category)/(news/)?:id|new_list|new_detail)$`);
const LIST = new RegExp(
  `^/(more|${CATEGORY}|white_pager|video|video_List|videoc|activity|it_report|search|new_search|general/:menu_id)$`,
);

/** Which DESIGN.md budget a route falls under (member forms, feeds and resource routes have none). */
function kindOf(app: string, routePath: string, index: boolean): BundleRow['kind'] {
  if (app === 'landing') return 'other';
  if (index && routePath === '/') return 'home';
  if (ARTICLE.test(routePath)) return 'article';
  if (LIST.test(routePath)) return 'list';
  return 'other';
}

const gz = (file: string) => gzipSync(fs.readFileSync(file)).length / 1024;

/** First-load JS and CSS per route, read from each app's build output. */
export async function measureBundles(apps = ['desktop', 'mobile', 'landing']): Promise<BundleRow[]> {
  const rows: BundleRow[] = [];
  for (const app of apps) {
    const serverFile = path.join(ROOT, 'apps', app, 'build/server/index.js');
    if (!fs.existsSync(serverFile)) continue;
    const build = (await import(pathToFileURL(serverFile).href)) as ServerBuild;
    const clientDir = path.join(ROOT, 'apps', app, 'build/client');
    // Manifest URLs may carry a fragment or query (React Router marks some CSS links with '#').
    const file = (url: string) =>
      path.join(clientDir, url.split(/[#?]/)[0].replace(build.publicPath, '').replace(/^\//, ''));
    const { routes, entry } = build.assets;
    for (const route of Object.values(routes)) {
      if (route.id === 'root' || route.path === '*' || (route.path === undefined && !route.index)) continue;
      const chain: ManifestRoute[] = [];
      for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined)
        chain.unshift(r);
      const js = new Set<string>([entry.module, ...entry.imports]);
      const css = new Set<string>();
      for (const r of chain) {
        js.add(r.module);
        r.imports?.forEach((i) => js.add(i));
        r.css?.forEach((c) => css.add(c));
      }
      const fullPath = chain
        .map((r) => r.path ?? '')
        .filter(Boolean)
        .join('/');
      const kind = kindOf(app, '/' + fullPath, route.index === true);
      const budget = kind === 'other' ? null : JS_BUDGET_KB[kind];
      const jsKb = [...js].reduce((s, u) => s + gz(file(u)), 0);
      const cssKb = [...css].reduce((s, u) => s + gz(file(u)), 0);
      rows.push({
        app,
        route: '/' + fullPath,
        kind,
        js_kb: Math.round(jsKb * 10) / 10,
        css_kb: Math.round(cssKb * 10) / 10,
        budget_kb: budget,
        within: budget === null ? null : jsKb <= budget,
      });
    }
  }
  return rows;
}
