import type { MetaDescriptor } from 'react-router';

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
  /** Picture shown with the link; made absolute against `url`. */
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
  if (image) tags.push({ property: 'og:image', content: new URL(image, url).href });
  return tags;
}
