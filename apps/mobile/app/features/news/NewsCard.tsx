import type { ListItem } from '@portal/api-client';
import { SmartLink } from '../shared/SmartLink';
import { Thumb } from '../shared/Thumb';
import { dayOf } from '@portal/ui/format';
import { Highlight } from '@portal/ui';

export interface NewsCardProps {
  item: ListItem;
  /** Search results show the description under the title. */
  withDescription?: boolean;
}

/** One news item of a phone list: thumb on the right, title, (description), date. */
export function NewsCard({ item, withDescription = false }: NewsCardProps) {
  return (
    <div className="m-news-card">
      <SmartLink url={item.url} className="m-news-card__link">
        <span className="m-news-card__body">
          <span className="m-news-card__title">
            <Highlight text={item.title} terms={item.keys} />
          </span>
          {withDescription && item.description ? (
            <span className="m-news-card__desc">
              <Highlight text={item.description} terms={item.keys} />
            </span>
          ) : null}
          <time className="m-news-card__time" dateTime={dayOf(item.created_at)}>
            {dayOf(item.created_at)}
          </time>
        </span>
        {item.thumb ? <Thumb src={item.thumb} alt="" className="m-news-card__thumb" sizes="8.4rem" /> : null}
      </SmartLink>
    </div>
  );
}
