import { VideoType } from './constants';

/**
 * Where a video may be played in a frame: the one list read by the article sanitiser (iframes in
 * article bodies), the back office's check of a video's player code, the video pages and the pages'
 * Content-Security-Policy `frame-src`. Adding a provider here allows it everywhere at once.
 */
export const PLAYER_HOSTS = [
  'player.bilibili.com',
  'player.youku.com',
  'v.qq.com',
  'player.vimeo.com',
  'www.youtube.com',
  'www.youtube-nocookie.com',
] as const;

/** The portal's own media (an uploaded clip) may also fill a player frame. */
const OWN_MEDIA_PREFIX = '/uploads/';

/** The frame's sandbox: the player runs its scripts on its own origin; it cannot navigate this page. */
export const PLAYER_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

/** `https://host` of each player host, for a CSP source list. */
export const PLAYER_ORIGINS: readonly string[] = PLAYER_HOSTS.map((h) => `https://${h}`);

/** The back office's message when a player address is refused (names what is allowed). */
export const PLAYER_HOSTS_MESSAGE = `播放器地址只能来自本站上传的视频或以下网站（https）：${PLAYER_HOSTS.join('、')}`;

/** An address is a player source when it is https on a listed host, or one of the portal's uploads. */
export function isPlayerSrc(src: string): boolean {
  if (src.startsWith(OWN_MEDIA_PREFIX)) return !src.includes('..') && !src.includes('\\');
  if (!src.startsWith('https://')) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && (PLAYER_HOSTS as readonly string[]).includes(url.hostname);
  } catch {
    return false;
  }
}

const SRC_ATTRIBUTE = /\ssrc\s*=\s*["']([^"'<>]*)["']/i;

/**
 * The frame address a video's player code stands for: the src of a provider's <iframe> snippet, or
 * the code itself when it is an address. Entities (`&amp;`) are decoded as a browser would. The
 * snippet's first tag is cut out by position first, so the search stays linear in the code.
 */
export function playerCodeSrc(code: string): string {
  const trimmed = code.trim();
  const start = trimmed.toLowerCase().indexOf('<iframe');
  let src = trimmed;
  if (start >= 0) {
    const end = trimmed.indexOf('>', start);
    const tag = trimmed.slice(start, end < 0 ? trimmed.length : end);
    src = SRC_ATTRIBUTE.exec(tag)?.[1] ?? '';
  }
  return src.replace(/&amp;/g, '&');
}

/**
 * Why a video's player would be refused, or null: an embedded video (type 1) plays its player code,
 * else its page address, and that must be a player source. Used when the back office saves a video.
 */
export function playerProblem(video: {
  video_type?: unknown;
  iframe?: unknown;
  url?: unknown;
}): { field: 'iframe' | 'url'; message: string } | null {
  if (video.video_type !== VideoType.Embed) return null;
  const code = typeof video.iframe === 'string' ? video.iframe.trim() : '';
  if (code !== '')
    return isPlayerSrc(playerCodeSrc(code)) ? null : { field: 'iframe', message: PLAYER_HOSTS_MESSAGE };
  const url = typeof video.url === 'string' ? video.url.trim() : '';
  return url === '' || isPlayerSrc(url) ? null : { field: 'url', message: PLAYER_HOSTS_MESSAGE };
}

/**
 * The address a video page plays, or null when it may not be played: an embedded video's frame
 * (player code, else page address) only from a player source; an uploaded file's address only from
 * this site or the web (never javascript: or data:).
 */
export function videoSrc(video: { video_type: number; iframe: string; url: string }): string | null {
  if (video.video_type === VideoType.Embed) {
    const code = video.iframe.trim();
    const src = code !== '' ? playerCodeSrc(code) : video.url.trim();
    return isPlayerSrc(src) ? src : null;
  }
  const file = video.url.trim();
  return /^https?:\/\//i.test(file) || (file.startsWith('/') && !file.startsWith('//')) ? file : null;
}
