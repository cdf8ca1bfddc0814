import { SITE_NAME } from '@portal/api-client/constants';
import { href } from '@portal/routes';

export { SITE_NAME };
/** Shown in the browser tab after each page title. */
export const TITLE_SUFFIX = ` - ${SITE_NAME}`;
/** Default thumbnail for a video without one (an inline SVG, so no extra request or hot link). */
export const DEFAULT_VIDEO_THUMB =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b3a55"/><stop offset="1" stop-color="#c8102e"/></linearGradient></defs><rect width="320" height="180" fill="url(#g)"/><circle cx="160" cy="90" r="34" fill="rgba(255,255,255,.18)"/><path d="M148 72v36l30-18z" fill="#fff"/></svg>',
  );

/** Spec section 2: menu id 1 is the video section (/video, on phones /video_List). */
export const VIDEO_MENU_ID = 1;

/** Where a small-menu entry leads on the phone. */
export function menuHref(menuId: number): string {
  return menuId === VIDEO_MENU_ID ? href.mobile.videos() : href.mobile.general(menuId);
}
