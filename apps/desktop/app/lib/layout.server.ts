import type { Api, CategoryEntry, FooterData, WebsiteUrl, Ads } from '@portal/api-client';
import { optional } from '@portal/api-client/envelope';

export interface LayoutData {
  categories: CategoryEntry[];
  footer: FooterData;
  websites: WebsiteUrl[];
  adv: Ads | null;
}

const EMPTY_FOOTER: FooterData = { info: {}, qrcodes: [], friendly_links: [] };

/** The startup loads of every page (a failed one is only logged: spec section 7, common behaviour): categories (header tabs), footer letter and website urls. */
export async function loadLayout(api: Api): Promise<LayoutData> {
  const [category, footer, websites, adv] = await Promise.all([
    optional('[layout] get_category', api.get_category({}), { web_list: [], cat_one: [] }),
    optional('[layout] company_letter', api.company_letter({}), EMPTY_FOOTER),
    optional('[layout] website_url', api.website_url({}), []),
    optional<Ads | null>('[layout] get_adv', api.get_adv({}), null),
  ]);
  return { categories: category.web_list, footer, websites, adv };
}
