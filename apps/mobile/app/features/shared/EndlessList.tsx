import type { ReactNode } from 'react';
import { ListStatus, useInfiniteScroll, useListRestore, useListSave } from '@portal/ui';

export interface EndlessListProps<T> {
  /** Page 1 from the loader. */
  initialItems: T[];
  loadPage: (page: number) => Promise<T[]>;
  /** Identifies the list (path + query): keeps its pages and position for the way back from an item. */
  cacheKey: string;
  /** Items per page, to know which page a restored list reached. */
  pageSize: number;
  className: string;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
}

/**
 * An endless list (spec section 4, via useInfiniteScroll): the next page loads 1 s after the
 * list's bottom reaches the screen; 到底了 after an empty page, 暂无数据 when there is nothing.
 */
export function EndlessList<T>({ initialItems, cacheKey, ...rest }: EndlessListProps<T>) {
  const memory = useListRestore(cacheKey, initialItems);
  return (
    <Pages<T>
      key={memory.listKey}
      cacheKey={cacheKey}
      initialItems={memory.initial}
      // Nothing on page 1 means nothing to load: 暂无数据 and no request.
      initialDone={memory.initialDone || memory.initial.length === 0}
      {...rest}
    />
  );
}

function Pages<T>({
  initialItems,
  initialDone,
  loadPage,
  cacheKey,
  pageSize,
  className,
  itemKey,
  renderItem,
}: EndlessListProps<T> & { initialDone: boolean }) {
  const { items, loading, done, listRef } = useInfiniteScroll<T>({
    initial: initialItems,
    // A restored list continues after the pages it already shows.
    initialPage: Math.max(1, Math.ceil(initialItems.length / pageSize)),
    loadPage,
    initialDone,
  });
  useListSave(cacheKey, items, done);
  return (
    <>
      <ul className={className} ref={(el) => void (listRef.current = el)}>
        {items.map((item) => (
          <li key={itemKey(item)}>{renderItem(item)}</li>
        ))}
      </ul>
      <ListStatus loading={loading} done={done} empty={items.length === 0} />
    </>
  );
}
