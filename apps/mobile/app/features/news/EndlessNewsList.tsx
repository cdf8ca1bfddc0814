import type { ListItem } from '@portal/api-client';
import { EndlessList } from '../shared/EndlessList';
import { NewsCard } from './NewsCard';

export interface EndlessNewsListProps {
  initialItems: ListItem[];
  loadPage: (page: number) => Promise<ListItem[]>;
  cacheKey: string;
  pageSize: number;
  /** Search results show the description under the title. */
  withDescription?: boolean;
}

/** A phone news list with endless scroll (home, /general/{menu_id}, search). */
export function EndlessNewsList({ withDescription = false, ...list }: EndlessNewsListProps) {
  return (
    <EndlessList<ListItem>
      {...list}
      className="m-news-list"
      itemKey={(item) => `${item.id}-${item.url}`}
      renderItem={(item) => <NewsCard item={item} withDescription={withDescription} />}
    />
  );
}
