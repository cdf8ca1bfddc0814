import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { Video } from '@portal/api-client';
import { CAROUSEL_DELAY_MS } from '@portal/api-client/constants';

/** Cards visible at once on a desktop screen. */
const PER_VIEW = 3;

/**
 * The /video card carousel: three cards in view, advancing one card every 5 s, pausing under the
 * pointer. A small transform track instead of swiper keeps the page inside its JavaScript budget.
 */
export function VideoCarousel({ videos }: { videos: Video[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const steps = Math.max(1, videos.length - PER_VIEW + 1);
  useEffect(() => {
    if (paused || steps < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % steps), CAROUSEL_DELAY_MS.video);
    return () => window.clearInterval(timer);
  }, [paused, steps]);
  if (videos.length === 0) return null;
  const go = (i: number) => setIndex((i + steps) % steps);
  return (
    <div
      className="vcarousel"
      aria-roledescription="carousel"
      aria-label="推荐视频"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="vcarousel__viewport">
        <ul
          className="vcarousel__track"
          style={{ transform: `translateX(calc(-${index} * (100% + 16px) / ${PER_VIEW}))` }}
        >
          {videos.map((v, i) => (
            <li
              key={v.id}
              className="vcarousel__slide"
              data-index={i}
              aria-hidden={i < index || i >= index + PER_VIEW}
            >
              <Link
                to={`/videoc?id=${v.id}`}
                className="vcard vcard--wide"
                tabIndex={i < index || i >= index + PER_VIEW ? -1 : 0}
              >
                <span className="vcard__thumb">
                  <img
                    src={v.index_thumb || v.thumb}
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
            </li>
          ))}
        </ul>
      </div>
      {steps > 1 ? (
        <>
          <button
            type="button"
            className="vcarousel__arrow vcarousel__arrow--prev"
            aria-label="上一个"
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="vcarousel__arrow vcarousel__arrow--next"
            aria-label="下一个"
            onClick={() => go(index + 1)}
          >
            ›
          </button>
          <ol className="vcarousel__dots">
            {Array.from({ length: steps }, (_, i) => (
              <li key={i}>
                <button
                  type="button"
                  className={i === index ? 'is-active' : ''}
                  aria-label={`第${i + 1}组`}
                  onClick={() => go(i)}
                />
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </div>
  );
}
