import { Link } from 'react-router';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import type { Banner } from '@portal/api-client';
import { CAROUSEL_DELAY_MS } from '@portal/api-client/constants';
import { isMobilePath, toMobileHref } from '../../lib/links';

/** Spec section 2: a url starting with the letter h opens in a new window. */
export const opensNewWindow = (url: string) => url.startsWith('h');

function Slide({ banner, first }: { banner: Banner; first: boolean }) {
  const body = (
    <>
      <img src={banner.banner} alt={banner.title} loading={first ? 'eager' : 'lazy'} decoding="async" />
      <span className="m-banner__title">{banner.title}</span>
    </>
  );
  if (!banner.url) return <span className="m-banner__slide">{body}</span>;
  if (opensNewWindow(banner.url)) {
    return (
      <a className="m-banner__slide" href={banner.url} target="_blank" rel="noopener noreferrer">
        {body}
      </a>
    );
  }
  const href = toMobileHref(banner.url);
  return isMobilePath(href) ? (
    <Link className="m-banner__slide" to={href}>
      {body}
    </Link>
  ) : (
    <a className="m-banner__slide" href={href}>
      {body}
    </a>
  );
}

/** The mobile home banner: image and title slides, autoplay every 50000 ms, looping. */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <section className="m-banner" aria-label="焦点图">
      <Swiper
        modules={[Autoplay, Pagination]}
        loop={banners.length > 1}
        autoplay={{ delay: CAROUSEL_DELAY_MS.mobileBanner, disableOnInteraction: false }}
        pagination={{ clickable: true }}
        slidesPerView={1}
      >
        {banners.map((banner, i) => (
          <SwiperSlide key={`${banner.banner}-${i}`}>
            <Slide banner={banner} first={i === 0} />
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
