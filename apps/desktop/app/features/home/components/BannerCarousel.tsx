import { useEffect, useState } from 'react';
import type { Banner } from '@portal/api-client';
import { CAROUSEL_DELAY_MS } from '@portal/api-client/constants';
import { ItemLink } from '@portal/ui';

/**
 * Home banner rotating every 4 s. A few lines of React instead of swiper keeps the home's
 * first-load JavaScript small; slides are server-rendered so the first one shows without JS.
 */
export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners.length;
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_DELAY_MS.homeBanner);
    return () => window.clearInterval(timer);
  }, [paused, count]);
  if (count === 0) return null;
  const go = (i: number) => setIndex((i + count) % count);
  return (
    <div
      className="banner"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      aria-roledescription="carousel"
    >
      <ul className="banner__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((b, i) => (
          <li key={`${b.url}-${i}`} className="banner__slide" aria-hidden={i !== index}>
            <ItemLink to={b.url} tabIndex={i === index ? 0 : -1}>
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
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <>
          <button
            type="button"
            className="banner__arrow banner__arrow--prev"
            aria-label="上一张"
            onClick={() => go(index - 1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="banner__arrow banner__arrow--next"
            aria-label="下一张"
            onClick={() => go(index + 1)}
          >
            ›
          </button>
          <ol className="banner__dots">
            {banners.map((b, i) => (
              <li key={`${b.url}-dot-${i}`}>
                <button
                  type="button"
                  className={i === index ? 'is-active' : ''}
                  aria-label={`第${i + 1}张`}
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
