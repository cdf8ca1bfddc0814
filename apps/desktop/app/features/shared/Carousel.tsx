import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { SwiperTrackControl, SwiperTrackProps } from './SwiperTrack';

// swiper loads after hydration, only on pages with a carousel: the first-load budgets stay as they are.
// (lazy() drops the generic parameter; the cast puts it back.)
const SwiperTrack = lazy(() => import('./SwiperTrack')) as unknown as <T>(
  props: SwiperTrackProps<T>,
) => ReactNode;

const noSubscription = () => () => {};
/** False on the server and while hydrating, true afterwards. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

export interface CarouselProps<T> {
  items: readonly T[];
  itemKey: (item: T, index: number) => string | number;
  /** A slide's content; `inView` is false for slides outside the view (take them out of the tab order). */
  renderSlide: (item: T, index: number, inView: boolean) => ReactNode;
  /** BEM block of the markup: `{block}`, `{block}__slide`, `{block}__arrow`, `{block}__dots`. */
  block: string;
  label: string;
  /** Autoplay delay (spec section 9). */
  delay: number;
  /** Slides in view at once. */
  perView?: number;
  /** Gap between slides, px. */
  gap?: number;
  /** Labels of the previous and next buttons. */
  arrows: [string, string];
  /** A dot's label (the position, from 0). */
  dotLabel: (position: number) => string;
}

/**
 * The desktop site's one carousel (swiper): the home banner, the category banner and the /video cards.
 * The server renders the first slides in place, so they show without JavaScript; after hydration
 * swiper takes over (autoplay, swipe, pause under the pointer). Own arrows and dots, one position per
 * step of `perView` slides; no loop clones, every slide is rendered once.
 */
export function Carousel<T>({
  items,
  itemKey,
  renderSlide,
  block,
  label,
  delay,
  perView = 1,
  gap = 0,
  arrows,
  dotLabel,
}: CarouselProps<T>) {
  const [position, setPosition] = useState(0);
  const [control, setControl] = useState<SwiperTrackControl | null>(null);
  const hydrated = useHydrated();
  if (items.length === 0) return null;
  const steps = Math.max(1, items.length - perView + 1);
  const go = (to: number) => {
    const next = (to + steps) % steps;
    if (control) control.slideTo(next);
    else setPosition(next);
  };
  const inView = (i: number) => i >= position && i < position + perView;

  // Before swiper (the server's HTML and the first client render): the slides in a plain track.
  const plain = (
    <div className={`${block}__viewport`}>
      <ul className={`${block}__track`}>
        {items.map((item, i) => (
          <li key={itemKey(item, i)} className={`${block}__slide`} aria-hidden={!inView(i)}>
            {renderSlide(item, i, inView(i))}
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    // A section, as WAI-ARIA's carousel pattern has it: a named region (a div cannot carry a label).
    <section className={block} aria-roledescription="carousel" aria-label={label}>
      {hydrated && steps > 1 ? (
        <Suspense fallback={plain}>
          <SwiperTrack
            items={items}
            itemKey={itemKey}
            renderSlide={renderSlide}
            slideClass={`${block}__slide`}
            className={`${block}__viewport`}
            delay={delay}
            perView={perView}
            gap={gap}
            start={position}
            onPosition={setPosition}
            onReady={setControl}
          />
        </Suspense>
      ) : (
        plain
      )}
      {steps > 1 ? (
        <>
          <button
            type="button"
            className={`${block}__arrow ${block}__arrow--prev`}
            aria-label={arrows[0]}
            onClick={() => go(position - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className={`${block}__arrow ${block}__arrow--next`}
            aria-label={arrows[1]}
            onClick={() => go(position + 1)}
          >
            ›
          </button>
          <ol className={`${block}__dots`}>
            {Array.from({ length: steps }, (_, i) => (
              <li key={i}>
                <button
                  type="button"
                  className={i === position ? 'is-active' : ''}
                  aria-label={dotLabel(i)}
                  aria-current={i === position ? 'true' : undefined}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
