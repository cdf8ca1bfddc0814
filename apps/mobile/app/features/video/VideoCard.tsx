import { Link } from 'react-router';
import type { Video } from '@portal/api-client';
import { DEFAULT_VIDEO_THUMB } from '../../lib/site';
import { Thumb } from '../shared/Thumb';
import { videoTarget } from './videoLink';

/** A video thumbnail (a default image when it has none) with its title and a play mark. */
export function VideoCard({ video }: { video: Video }) {
  const { href, external } = videoTarget(video);
  const body = (
    <>
      <span className="m-video-card__media">
        <Thumb
          src={video.list_thumb || video.thumb}
          alt=""
          fallback={DEFAULT_VIDEO_THUMB}
          className="m-video-card__thumb"
        />
        <span className="m-video-card__play" aria-hidden="true" />
      </span>
      <span className="m-video-card__title">{video.title}</span>
    </>
  );
  return (
    <div className="m-video-card">
      {external ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className="m-video-card__link">
          {body}
        </a>
      ) : (
        <Link to={href} className="m-video-card__link">
          {body}
        </Link>
      )}
    </div>
  );
}
