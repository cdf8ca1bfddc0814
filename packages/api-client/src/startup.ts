/**
 * The start-up loads of spec section 7 ("Startup loads: get_category, company_letter, website_url;
 * their failures are only logged"), written once for every app's root loader.
 *
 * The spec's store state layoutsDATA, bottomDATA and websiteDATA is this object: the root loader
 * fills it on the server for each document and the pages read it with `useRouteLoaderData('root')`.
 * It is not copied into Redux (see packages/session/src/store/slices.ts for why).
 */
import type { Api } from './api';
import type { CategoryEntry, FooterData, WebsiteUrl } from './contract';
import { optional } from './envelope';

export interface StartupData {
  /** layoutsDATA: get_category's header tabs (web_list) and top-level categories (cat_one). */
  layouts: { web_list: CategoryEntry[]; cat_one: CategoryEntry[] };
  /** bottomDATA: company_letter, the footer. */
  bottom: FooterData;
  /** websiteDATA: website_url, the footer's related sites. */
  website: WebsiteUrl[];
}

export type StartupApi = Pick<Api, 'get_category' | 'company_letter' | 'website_url'>;

export const EMPTY_FOOTER: FooterData = { info: {}, qrcodes: [], friendly_links: [] };

/** The three start-up calls in parallel; a failed one is logged (with `tag`) and renders empty. */
export async function loadStartup(
  api: StartupApi,
  tag: string,
  log: (line: string) => void = console.error,
): Promise<StartupData> {
  const [category, bottom, website] = await Promise.all([
    optional(`${tag} get_category`, api.get_category({}), { web_list: [], cat_one: [] }, log),
    optional(`${tag} company_letter`, api.company_letter({}), EMPTY_FOOTER, log),
    optional(`${tag} website_url`, api.website_url({}), [], log),
  ]);
  return {
    layouts: { web_list: category.web_list ?? [], cat_one: category.cat_one ?? [] },
    bottom,
    website,
  };
}

/** The category an alias ("AI", "storage") names among the start-up categories, children included. */
export function categoryByAlias(layouts: StartupData['layouts'], alias: string): CategoryEntry | undefined {
  const walk = (list: CategoryEntry[]): CategoryEntry | undefined => {
    for (const entry of list) {
      if (entry.alias === alias) return entry;
      const child = walk(entry.son ?? []);
      if (child) return child;
    }
    return undefined;
  };
  return walk(layouts.cat_one) ?? walk(layouts.web_list);
}
