import type { PartnerProduct } from '@portal/api-client';
import { linkProps } from '../links';

/** A product, hot item or video card: thumb, title and subtitle, linking to its url. */
export function ProductCard({ item, video = false }: { item: PartnerProduct; video?: boolean }) {
  return (
    <a className={`lp-card${video ? ' lp-card--video' : ''}`} {...linkProps(item.url)}>
      <span className="lp-card__media">
        {item.thumb ? <img src={item.thumb} alt="" loading="lazy" /> : null}
        {video ? <span className="lp-asset__play" aria-hidden="true" /> : null}
      </span>
      <span className="lp-card__body">
        <span className="lp-card__title">{item.title}</span>
        {item.subTitle ? <span className="lp-card__sub">{item.subTitle}</span> : null}
      </span>
    </a>
  );
}
