import { useCallback, useEffect, useRef, useState } from 'react';
import { SCROLL_LOAD_DELAY_MS, SCROLL_TRIGGER_PX } from '@portal/api-client/constants';

export interface InfiniteScrollOptions<T> {
  /** Items already rendered (page 1 from the server). */
  initial: T[];
  /** Page the initial items are (usually 1). */
  initialPage?: number;
  /** Fetches one page; an empty array means the end was reached. */
  loadPage: (page: number) => Promise<T[]>;
  /** The list already reached its end (restored by useListRestore): never load again. */
  initialDone?: boolean;
}

export interface InfiniteScroll<T> {
  items: T[];
  loading: boolean;
  /** An empty page came back: show 到底了 and stay locked. */
  done: boolean;
  /** Attach to the list element whose bottom is watched. */
  listRef: React.RefObject<HTMLElement | null>;
}

/**
 * Endless list (spec section 4): when the list bottom comes within 2 px of the viewport bottom
 * and nothing is loading, lock, move to the next page and fetch it after 1 s. Never two loads at
 * once; an empty page ends the list for good. A failed fetch unlocks so scrolling retries.
 *
 * The bottom is looked at on scroll and resize, and also when the list is first shown and after
 * each page is added: a reader who reached the end before hydration (the server's page 1 scrolls
 * before the listener exists), or a list that does not fill the screen, sends no scroll event.
 */
export function useInfiniteScroll<T>({
  initial,
  initialPage = 1,
  loadPage,
  initialDone = false,
}: InfiniteScrollOptions<T>): InfiniteScroll<T> {
  const [items, setItems] = useState<T[]>(initial);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(initialDone);
  const listRef = useRef<HTMLElement | null>(null);
  const state = useRef({ page: initialPage, busy: false, done: initialDone });
  /** The 1 s wait before a fetch, while it runs. */
  const wait = useRef<number | undefined>(undefined);
  const loadRef = useRef(loadPage);
  useEffect(() => {
    loadRef.current = loadPage;
  }, [loadPage]);

  const check = useCallback(() => {
    const el = listRef.current;
    const s = state.current;
    if (!el || s.busy || s.done) return;
    if (el.getBoundingClientRect().bottom - window.innerHeight > SCROLL_TRIGGER_PX) return;
    s.busy = true;
    s.page += 1;
    const page = s.page;
    setLoading(true);
    wait.current = window.setTimeout(() => {
      wait.current = undefined;
      loadRef.current(page).then(
        (next) => {
          if (next.length === 0) {
            s.done = true;
            setDone(true);
          } else {
            setItems((prev) => [...prev, ...next]);
          }
          s.busy = s.done;
          setLoading(false);
        },
        () => {
          s.page -= 1;
          s.busy = false;
          setLoading(false);
        },
      );
    }, SCROLL_LOAD_DELAY_MS);
  }, []);

  useEffect(() => {
    const s = state.current;
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
      // A list taken off the screen (a restored list replacing page 1) starts no fetch.
      if (wait.current === undefined) return;
      window.clearTimeout(wait.current);
      wait.current = undefined;
      s.page -= 1;
      s.busy = false;
      setLoading(false);
    };
  }, [check]);

  // The end may already be on screen with no scroll to come: when the list is shown, after a page.
  useEffect(check, [check, items]);

  return { items, loading, done, listRef };
}
