import type { MetaDescriptor } from 'react-router';
import type { Seo } from '@portal/api-client';
import { SITE_NAME } from '@portal/api-client/constants';
import { SHARE_IMAGE_PATH, rasterRendition } from '@portal/routes';

/**
 * The absolute address of a path on the site the request reached. Every app takes the origin of
 * its share tags and canonical links from here, so where it comes from is decided in one place.
 */
export function absoluteUrl(request: Request, path: string): string {
  return new URL(path, request.url).href;
}

/** The current page's absolute address (path and query), for og:url. */
export const pageUrl = (request: Request): string => {
  const { pathname, search } = new URL(request.url);
  return absoluteUrl(request, `${pathname}${search}`);
};

export interface ShareInfo {
  title: string;
  description: string;
  /** Absolute address of the page (absoluteUrl / pageUrl). */
  url: string;
  /** Picture shown with the link (made absolute against `url`); the site's share picture when absent. */
  image?: string;
  siteName: string;
  /** 'article' for news pages; 'website' otherwise. */
  type?: 'website' | 'article' | 'video.other';
}

/** Open Graph share tags, read by WeChat, QQ, Weibo and other apps when a link is shared. */
export function shareMeta({
  title,
  description,
  url,
  image,
  siteName,
  type = 'website',
}: ShareInfo): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:locale', content: 'zh_CN' },
  ];
  tags.push({ property: 'og:image', content: new URL(shareImage(image), url).href });
  return tags;
}

// What WeChat and the other share scrapers take (no SVG; WebP not everywhere).
const RASTER = /\.(?:jpe?g|png|gif)$/;

/**
 * The picture of a share card: always present and always a raster image. A seeded SVG gives its
 * JPEG rendition, a picture in another format (or none) the site's share picture.
 */
export function shareImage(image: string | undefined): string {
  if (!image) return SHARE_IMAGE_PATH;
  const cut = image.search(/[?#]/);
  const raster = rasterRendition(cut < 0 ? image : image.slice(0, cut));
  return RASTER.test(raster.toLowerCase()) ? raster + (cut < 0 ? '' : image.slice(cut)) : SHARE_IMAGE_PATH;
}

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
