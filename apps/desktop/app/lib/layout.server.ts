import type { Api, CategoryEntry, FooterData, WebsiteUrl, Ads } from '@portal/api-client';

export interface LayoutData {
  categories: CategoryEntry[];
  footer: FooterData;
  websites: WebsiteUrl[];
  adv: Ads | null;
}

const EMPTY_FOOTER: FooterData = { info: {}, qrcodes: [], friendly_links: [] };

/** Unwraps an envelope; a failed startup call is only logged (spec section 7, common behaviour). */
async function settle<T>(name: string, call: Promise<{ code: number; msg: string; data: T }>, fallback: T): Promise<T> {
  try {
    const res = await call;
    if (res.code === 0) return res.data;
    console.error(`[layout] ${name}: ${res.code} ${res.msg}`);
  } catch (error) {
    console.error(`[layout] ${name} failed`, error);
  }
  return fallback;
}

/** The startup loads of every page: categories (header tabs), footer letter and website urls. */
export async function loadLayout(api: Api): Promise<LayoutData> {
  const [category, footer, websites, adv] = await Promise.all([
    settle('get_category', api.get_category({}), { web_list: [], cat_one: [] }),
    settle('company_letter', api.company_letter({}), EMPTY_FOOTER),
    settle('website_url', api.website_url({}), []),
    settle<Ads | null>('get_adv', api.get_adv({}), null),
  ]);
  return { categories: category.web_list, footer, websites, adv };
}
