import type { ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay, Navigation, Pagination } from 'swiper/modules';
import { CAROUSEL_DELAY_MS, MOBILE_BREAKPOINT } from '@portal/api-client/constants';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';

export interface CarouselProps<T> {
  items: readonly T[];
  render: (item: T, index: number) => ReactNode;
  itemKey: (item: T, index: number) => string;
  label: string;
}

/** Landing carousel (spec section 2): 3 slides per view on desktop, 'auto' on phones, looping autoplay. */
export function Carousel<T>({ items, render, itemKey, label }: CarouselProps<T>) {
  return (
    // A named region (a div cannot carry a label).
    <section className="lp-carousel" aria-label={label}>
      <Swiper
        modules={[Autoplay, Navigation, Pagination]}
        slidesPerView="auto"
        spaceBetween={16}
        breakpoints={{ [MOBILE_BREAKPOINT]: { slidesPerView: 3, spaceBetween: 24 } }}
        autoplay={{ delay: CAROUSEL_DELAY_MS.landing, disableOnInteraction: false }}
        loop={items.length > 3}
        navigation
        pagination={{ clickable: true }}
      >
        {items.map((item, index) => (
          <SwiperSlide key={itemKey(item, index)} className="lp-carousel__slide">
            {render(item, index)}
          </SwiperSlide>
        ))}
      </Swiper>
    </section>
  );
}
