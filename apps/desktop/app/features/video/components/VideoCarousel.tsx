import { Link } from 'react-router';
import type { Video } from '@portal/api-client';
import { CAROUSEL_DELAY_MS } from '@portal/api-client/constants';
import { UploadImage } from '@portal/ui';
import { Carousel } from '../../shared/Carousel';
import { href } from '@portal/routes';

/** Cards visible at once on a desktop screen. */
const PER_VIEW = 3;

/** The /video card carousel: three cards in view, advancing one card every 5 s, pausing under the pointer. */
export function VideoCarousel({ videos }: { videos: Video[] }) {
  return (
    <Carousel
      items={videos}
      itemKey={(v) => v.id}
      block="vcarousel"
      label="推荐视频"
      delay={CAROUSEL_DELAY_MS.video}
      perView={PER_VIEW}
      gap={16}
      arrows={['上一个', '下一个']}
      dotLabel={(i) => `第${i + 1}组`}
      renderSlide={(v, i, inView) => (
        <Link to={href.video(v.id)} className="vcard vcard--wide" tabIndex={inView ? 0 : -1}>
          <span className="vcard__thumb">
            <UploadImage
              src={v.index_thumb || v.thumb}
              sizes="389px"
              alt=""
              width={389}
              height={219}
              loading={i < PER_VIEW ? 'eager' : 'lazy'}
              decoding="async"
            />
            <span className="vcard__play" aria-hidden="true" />
          </span>
          <strong>{v.title}</strong>
        </Link>
      )}
    />
  );
}
