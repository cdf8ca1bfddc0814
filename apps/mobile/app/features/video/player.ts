import type { Video } from '@portal/api-client';

/** Only web addresses may become an iframe or video source (no javascript: or data: urls). */
function safeSrc(url: string): string | null {
  const trimmed = url.trim().replace(/&amp;/g, '&');
  return /^(https?:)?\/\//i.test(trimmed) || trimmed.startsWith('/') ? trimmed : null;
}

/**
 * The frame address of an embedded video (type 1): `iframe` may hold the embed address itself or
 * the provider's <iframe> snippet, whose src we take; the page url is the last resort.
 */
export function embedSrc(video: Pick<Video, 'iframe' | 'url'>): string | null {
  const snippet = /<iframe[^>]*\ssrc=["']([^"']+)["']/i.exec(video.iframe);
  return safeSrc(snippet ? snippet[1] : video.iframe) ?? safeSrc(video.url);
}

export function fileSrc(video: Pick<Video, 'url'>): string | null {
  return safeSrc(video.url);
}
