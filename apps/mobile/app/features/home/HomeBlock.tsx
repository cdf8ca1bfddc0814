import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListItem } from '@portal/api-client';
import { SmartLink } from '../shared/SmartLink';
import { Thumb } from '../shared/Thumb';
import { dayOf } from '@portal/ui/format';

export interface HomeBlockProps {
  title: string;
  /** "更多" opens the full list (/general/{menu_id}). */
  moreHref: string;
  items: ListItem[];
  /** lead: first item large, the rest as lines; cards: a row of picture cards. */
  variant: 'lead' | 'cards';
}

function BlockHead({ title, moreHref }: { title: string; moreHref: string }) {
  return (
    <header className="m-block__head">
      <h2 className="m-block__title">{title}</h2>
      <Link to={moreHref} className="m-block__more">
        更多
        <span aria-hidden="true"> ›</span>
      </Link>
    </header>
  );
}

/** A home section: recommended, activities or special topics. */
export function HomeBlock({ title, moreHref, items, variant }: HomeBlockProps): ReactNode {
  if (items.length === 0) return null;
  if (variant === 'cards') {
    return (
      <section className="m-block">
        <BlockHead title={title} moreHref={moreHref} />
        <ul className="m-cards">
          {items.map((item) => (
            <li key={item.id} className="m-cards__item">
              <SmartLink url={item.url} className="m-cards__link">
                <Thumb src={item.thumb} alt="" className="m-cards__thumb" />
                <span className="m-cards__title">{item.title}</span>
              </SmartLink>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const [lead, ...rest] = items;
  return (
    <section className="m-block">
      <BlockHead title={title} moreHref={moreHref} />
      <SmartLink url={lead.url} className="m-lead">
        <Thumb src={lead.thumb} alt="" className="m-lead__thumb" />
        <span className="m-lead__title">{lead.title}</span>
      </SmartLink>
      <ul className="m-lines">
        {rest.map((item) => (
          <li key={item.id}>
            <SmartLink url={item.url} className="m-lines__link">
              <span className="m-lines__title">{item.title}</span>
              <time className="m-lines__time">{dayOf(item.created_at)}</time>
            </SmartLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
