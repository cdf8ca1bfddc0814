import type { MetaDescriptor } from 'react-router';
import type { Seo } from '@portal/api-client';

/** Title, description, keywords, canonical and Open Graph tags from the API's SEO data. */
export function seoMeta(seo: Seo, canonical: string, image?: string): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { name: 'keywords', content: seo.keyword },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: '中小企业IT网' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: 'zh_CN' },
  ];
  if (image) tags.push({ property: 'og:image', content: new URL(image, canonical).href });
  return tags;
}
