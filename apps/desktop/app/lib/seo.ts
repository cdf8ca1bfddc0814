import type { MetaDescriptor } from 'react-router';
import type { Seo } from '@portal/api-client';
import { shareMeta } from '@portal/ui';
import { SITE_NAME } from '@portal/api-client/constants';

/** Title, description, keywords, canonical and the shared Open Graph tags from the API's SEO data. */
export function seoMeta(seo: Seo, canonical: string, image?: string): MetaDescriptor[] {
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { name: 'keywords', content: seo.keyword },
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...shareMeta({
      title: seo.title,
      description: seo.description,
      url: canonical,
      image,
      siteName: SITE_NAME,
    }),
  ];
}
