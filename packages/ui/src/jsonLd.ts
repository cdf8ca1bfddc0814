import type { ArticleDetail } from '@portal/api-client';
import { SITE_NAME } from '@portal/api-client/constants';
import { isoOf, keywordsOf, localTimeOf } from './format';

type JsonLdArticle = Pick<
  ArticleDetail,
  | 'title'
  | 'description'
  | 'keyword'
  | 'thumb'
  | 'created_at'
  | 'updated_at'
  | 'author'
  | 'adminName'
  | 'cat_name'
>;

/**
 * schema.org NewsArticle of an article page, the same on desktop and on the phone (whose canonical is
 * the desktop article). `origin` makes image and logo addresses absolute.
 */
export function newsArticleJsonLd(
  a: JsonLdArticle,
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
    dateModified: isoOf(a.updated_at || a.created_at),
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

/** Baidu's structured-data context (its 时间因子 and resource submission read this shape). */
export const BAIDU_JSON_LD_CONTEXT = 'https://ziyuan.baidu.com/contexts/cambrian.jsonld';

/**
 * Baidu's time factor (时间因子) of an article page, a second JSON-LD beside the NewsArticle:
 * `pubDate` (publication) and `upDate` (last edit) as Beijing local time without an offset,
 * "2026-11-20T08:00:00", the format of Baidu's documentation. `url` is the page's own address.
 */
export function baiduTimeFactorJsonLd(a: JsonLdArticle, { url, origin }: { url: string; origin: string }) {
  return {
    '@context': BAIDU_JSON_LD_CONTEXT,
    '@id': url,
    title: a.title,
    images: a.thumb ? [new URL(a.thumb, origin).href] : undefined,
    description: a.description,
    pubDate: localTimeOf(a.created_at),
    upDate: localTimeOf(a.updated_at || a.created_at),
  };
}
