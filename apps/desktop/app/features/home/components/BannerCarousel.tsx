import type { Banner } from '@portal/api-client';
import { CAROUSEL_DELAY_MS } from '@portal/api-client/constants';
import { ItemLink } from '@portal/ui';
import { Carousel } from '../../shared/Carousel';

/** The home and category banner: one slide in view, rotating every 4 s (spec sections 2 and 9). */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  return (
    <Carousel
      items={banners}
      itemKey={(b, i) => `${b.url}-${i}`}
      block="banner"
      label="焦点图"
      delay={CAROUSEL_DELAY_MS.homeBanner}
      arrows={['上一张', '下一张']}
      dotLabel={(i) => `第${i + 1}张`}
      renderSlide={(b, i, inView) => (
        <ItemLink to={b.url} tabIndex={inView ? 0 : -1}>
          <img
            src={b.banner}
            alt={b.title}
            width={780}
            height={260}
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : undefined}
          />
          <span className="banner__title">{b.title}</span>
        </ItemLink>
      )}
    />
  );
}
