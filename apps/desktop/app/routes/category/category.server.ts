import type { Api } from '@portal/api-client';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { dataOr, settle } from '@portal/api-client/envelope';
import { unwrap } from '@portal/api-client/route-envelope';

export type CategoryPage = (typeof CATEGORY_PAGES)[number];

/** The category of a path ("/AI" → AI, 694), or undefined. */
export function categoryOfPath(pathname: string): CategoryPage | undefined {
  const alias = pathname.split('/')[1] ?? '';
  return CATEGORY_PAGES.find((c) => c.alias === alias);
}

/** Everything a category page shows: banner, pictures, topics, publications, lists, specials, papers, experts. */
export async function loadCategory(api: Api, cat: CategoryPage) {
  const [top, news, recommend, experts] = await Promise.all([
    settle(api.category_top({ cat_id: cat.id })),
    settle(api.category_news({ cat_id: cat.id })),
    settle(api.cate_recommend({ cat_id: cat.id })),
    settle(api.get_expert({ batch: 0 })),
  ]);
  const head = unwrap('category_top', top);
  return {
    cat: { id: cat.id, alias: cat.alias, name: head.name || cat.name },
    seo: head.seo,
    banner: head.banner,
    pictures: head.pictures,
    ...dataOr('category_news', news, { topics: [], news: [] }),
    ...dataOr('cate_recommend', recommend, { lists: [], special: [], white_papers: [] }),
    experts: dataOr('get_expert', experts, { data: [] }).data,
  };
}
