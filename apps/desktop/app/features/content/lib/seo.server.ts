import type { Api, Seo } from '@portal/api-client';
import { absoluteUrl } from '@portal/ui';
import { SITE_NAME } from '@portal/api-client/constants';
import { isOk, settle } from '@portal/api-client/envelope';

/** SEO data of a page without its own entity (get_seo); a missing row falls back to the given title. */
export async function pageSeo(api: Api, page: string, fallbackTitle: string): Promise<Seo> {
  const res = await settle(api.get_seo({ page }));
  if (isOk(res) && res.data.title) return res.data;
  return { title: `${fallbackTitle}-${SITE_NAME}`, description: '', keyword: '' };
}

/** The absolute URL of a path (canonical and Open Graph URLs): the one origin rule of every app, @portal/ui absoluteUrl. */
export const absolute = absoluteUrl;
