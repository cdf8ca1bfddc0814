import type { Video } from '@portal/api-client';
import { VideoType } from '@portal/api-client/constants';
import { href } from '@portal/routes';

/**
 * Spec section 2: an embedded video (type 1) or an mp4 file plays on /video_detail; any other
 * address is another site's page and opens in a new tab.
 */
export function videoTarget(video: Pick<Video, 'id' | 'video_type' | 'url'>): {
  href: string;
  external: boolean;
} {
  if (video.video_type === VideoType.Embed || video.url.includes('.mp4')) {
    return { href: href.mobile.video(video.id), external: false };
  }
  return { href: video.url, external: true };
}
