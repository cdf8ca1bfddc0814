import type { ArticleDetail } from '@portal/api-client';
import { SITE_NAME } from '@portal/api-client/constants';
import { isoOf, keywordsOf } from './format';

/**
 * schema.org NewsArticle of an article page, the same on desktop and on the phone (whose canonical is
 * the desktop article). `origin` makes image and logo addresses absolute.
 */
export function newsArticleJsonLd(
  a: Pick<
    ArticleDetail,
    'title' | 'description' | 'keyword' | 'thumb' | 'created_at' | 'author' | 'adminName' | 'cat_name'
  >,
  { canonical, origin }: { canonical: string; origin: string },
) {
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: a.title,
    description: a.description,
    keywords: keywordsOf(a.keyword).join(','),
    image: a.thumb ? [new URL(a.thumb, origin).href] : undefined,
    datePublished: isoOf(a.created_at),
    author: a.author ? [{ '@type': 'Person', name: a.author }] : undefined,
    editor: a.adminName || undefined,
    articleSection: a.cat_name || undefined,
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    publisher: {
      '@type': 'Organization',
      name: SITE_NAME,
      logo: { '@type': 'ImageObject', url: new URL('/favicon.svg', origin).href },
    },
  };
}
