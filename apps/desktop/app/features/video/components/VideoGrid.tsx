import { Link } from 'react-router';
import type { Video } from '@portal/api-client';
import { UploadImage } from '@portal/ui';
import { dayOf as day } from '@portal/ui/format';
import { href } from '@portal/routes';

/** A grid of video cards linking to /videoc?id=. */
export function VideoGrid({ videos, eager = 0 }: { videos: Video[]; eager?: number }) {
  return (
    <ul className="vgrid">
      {videos.map((v, i) => (
        <li key={v.id}>
          <Link to={href.video(v.id)} className="vcard" title={v.title}>
            <span className="vcard__thumb">
              <UploadImage
                src={v.list_thumb || v.thumb}
                sizes="380px"
                alt=""
                width={380}
                height={214}
                loading={i < eager ? 'eager' : 'lazy'}
                decoding="async"
              />
              <span className="vcard__play" aria-hidden="true" />
            </span>
            <strong>{v.title}</strong>
            <time>{day(v.created_at)}</time>
          </Link>
        </li>
      ))}
    </ul>
  );
}
