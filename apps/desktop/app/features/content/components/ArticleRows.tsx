import type { ReactNode } from 'react';
import type { ListItem } from '@portal/api-client';
import { ItemLink, UploadImage } from '@portal/ui';
import { dayOf as day, keywordsOf as keywordList } from '@portal/ui/format';

export interface ArticleRowsProps {
  items: ListItem[];
  /** Renders a title or description (search highlighting); plain text by default. */
  renderText?: (text: string, item: ListItem) => ReactNode;
  /** Rows above the fold load their thumbnails eagerly. */
  eager?: number;
  /** The titles' heading level: one below the heading the list sits under (2 right under the page's h1). */
  headingLevel?: 2 | 3;
}

/** A list of articles: thumbnail, title, summary, date and keywords. */
export function ArticleRows({ items, renderText = (t) => t, eager = 2, headingLevel = 3 }: ArticleRowsProps) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="rows">
      {items.map((item, i) => (
        <li key={`${item.id}-${item.url}`} className="rows__item">
          {item.thumb ? (
            <ItemLink to={item.url} className="rows__thumb" tabIndex={-1} aria-hidden="true">
              <UploadImage
                src={item.thumb}
                sizes="210px"
                alt=""
                width={210}
                height={118}
                loading={i < eager ? 'eager' : 'lazy'}
                decoding="async"
              />
            </ItemLink>
          ) : null}
          <div className="rows__body">
            <Title className="rows__title">
              <ItemLink to={item.url}>{renderText(item.title, item)}</ItemLink>
            </Title>
            {item.description ? <p>{renderText(item.description, item)}</p> : null}
            <div className="rows__meta">
              <time dateTime={day(item.created_at)}>{day(item.created_at)}</time>
              {keywordList(item.keyword)
                .slice(0, 3)
                .map((k) => (
                  <span key={k} className="tag">
                    {k}
                  </span>
                ))}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
