import type { Video } from '@portal/api-client';
import { VideoType } from '@portal/api-client/constants';
import { PLAYER_SANDBOX, videoSrc } from '@portal/api-client/players';

interface Props {
  video: Pick<Video, 'video_type' | 'iframe' | 'url' | 'title'>;
  /** The picture shown before an uploaded clip plays. */
  poster?: string;
  /** Shown in place of a player whose address may not be played. */
  fallback: React.ReactNode;
}

/**
 * A video's player on both sites: an embedded provider's page in a sandboxed frame (only from the
 * player hosts, @portal/api-client/players), or an uploaded clip in <video>.
 */
export function VideoPlayer({ video, poster, fallback }: Props) {
  const src = videoSrc(video);
  if (src === null) return <>{fallback}</>;
  if (video.video_type === VideoType.Embed) {
    return (
      <iframe
        src={src}
        title={video.title}
        sandbox={PLAYER_SANDBOX}
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    // The API gives videos no caption files (the spec's video has no subtitle field): nothing to put in a <track>.
    // eslint-disable-next-line jsx-a11y/media-has-caption -- no caption source exists for these videos
    <video src={src} poster={poster} controls playsInline preload="metadata">
      <a href={src}>下载视频</a>
    </video>
  );
}
