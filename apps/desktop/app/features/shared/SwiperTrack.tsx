import type { ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { Autoplay } from 'swiper/modules';
import 'swiper/css';

export interface SwiperTrackControl {
  slideTo: (position: number) => void;
}

export interface SwiperTrackProps<T> {
  items: readonly T[];
  itemKey: (item: T, index: number) => string | number;
  renderSlide: (item: T, index: number, inView: boolean) => ReactNode;
  slideClass: string;
  className: string;
  delay: number;
  perView: number;
  gap: number;
  /** The position to start from (where the plain track was). */
  start: number;
  onPosition: (position: number) => void;
  onReady: (control: SwiperTrackControl) => void;
}

/** The swiper half of the desktop Carousel, loaded after hydration (see Carousel.tsx). */
export default function SwiperTrack<T>({
  items,
  itemKey,
  renderSlide,
  slideClass,
  className,
  delay,
  perView,
  gap,
  start,
  onPosition,
  onReady,
}: SwiperTrackProps<T>) {
  return (
    <Swiper
      className={className}
      modules={[Autoplay]}
      slidesPerView={perView}
      spaceBetween={gap}
      // isVisible of each slide (which slides are in view) needs the slides' progress.
      watchSlidesProgress
      initialSlide={start}
      // Back to the first slide after the last, without loop clones.
      rewind
      autoplay={{ delay, disableOnInteraction: false, pauseOnMouseEnter: true }}
      onSwiper={(swiper) => onReady({ slideTo: (position) => swiper.slideTo(position) })}
      onSlideChange={(swiper) => onPosition(swiper.activeIndex)}
    >
      {items.map((item, i) => (
        <SwiperSlide key={itemKey(item, i)} className={slideClass}>
          {({ isVisible, isActive }) => renderSlide(item, i, perView === 1 ? isActive : isVisible)}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
