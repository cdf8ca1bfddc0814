import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Keeps an endless list as the reader left it: the loaded items, whether 到底了 was reached and
 * the scroll position, in sessionStorage per list and history entry. Coming back to that entry
 * (history back/forward, in the app or across documents) shows the same pages at the same place.
 *
 *   const memory = useListRestore(key, loaderItems);           // in the page
 *   <List key={memory.listKey} initial={memory.initial} ... /> // remounts once when restored
 *   useListSave(key, items, done);                            // inside the list, after useInfiniteScroll
 */
export interface ListSnapshot<T> {
  items: T[];
  done: boolean;
  scrollY: number;
  /** History entry (location.key) the snapshot belongs to. */
  entry: string;
}

export interface ListRestore<T> {
  /** Use as the list component's React key: it changes when a snapshot replaces page 1. */
  listKey: string;
  initial: T[];
  initialDone: boolean;
}

const PREFIX = 'portal-list:';

export function readListSnapshot<T>(key: string): ListSnapshot<T> | null {
  try {
    const raw = window.sessionStorage.getItem(PREFIX + key);
    return raw ? (JSON.parse(raw) as ListSnapshot<T>) : null;
  } catch {
    return null;
  }
}

function writeListSnapshot<T>(key: string, snapshot: ListSnapshot<T>): void {
  try {
    window.sessionStorage.setItem(PREFIX + key, JSON.stringify(snapshot));
  } catch {
    // Storage full or disabled: the list simply starts over next time.
  }
}

/** True when the document itself was reached with the browser's back/forward buttons. */
function documentCameBack(): boolean {
  const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return nav?.type === 'back_forward';
}

let hydrated = false;

/** Restores a remembered list on the way back; otherwise starts from the server's page 1. */
export function useListRestore<T>(key: string, serverItems: T[]): ListRestore<T> {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Read at first render: on the hydrated page the document's navigation type decides.
  const hydrating = useRef(!hydrated);
  const [restored, setRestored] = useState<{ key: string; serverItems: T[]; snap: ListSnapshot<T> } | null>(
    null,
  );
  const pendingScroll = useRef<number | null>(null);
  // Read before any child effect runs: the list's own save must not overwrite what we restore.
  const [captured] = useState(() =>
    typeof window === 'undefined' ? null : { key, snap: readListSnapshot<T>(key) },
  );

  useLayoutEffect(() => {
    const first = hydrating.current;
    hydrating.current = false;
    hydrated = true;
    const cameBack = first ? documentCameBack() : navigationType === 'POP';
    if (!cameBack) return;
    const snap = captured?.key === key ? captured.snap : readListSnapshot<T>(key);
    // A document load without router state has key "default": the back/forward check suffices.
    if (!snap || (snap.entry !== location.key && location.key !== 'default')) return;
    pendingScroll.current = snap.scrollY;
    // The snapshot lives in sessionStorage, which the server cannot read: it can only be applied after
    // hydration, and before paint (a layout effect), so the reader never sees page 1 flash first.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- browser-only state applied after hydration
    setRestored({ key, serverItems, snap });
    // Only a new list (key or server page) is a reason to look again, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- navigation type and location are read at that moment only
  }, [key, serverItems]);

  // Once the restored pages are on screen, go back to where the reader was.
  useLayoutEffect(() => {
    if (pendingScroll.current === null || !restored) return;
    window.scrollTo(0, pendingScroll.current);
    pendingScroll.current = null;
  }, [restored]);

  if (restored && restored.key === key && restored.serverItems === serverItems) {
    return { listKey: `${key}#restored`, initial: restored.snap.items, initialDone: restored.snap.done };
  }
  return { listKey: key, initial: serverItems, initialDone: false };
}

/**
 * Saves the list on every change and its scroll position when the reader leaves. A layout
 * effect, so the position is taken before the next page scrolls the window to the top.
 */
export function useListSave<T>(key: string, items: T[], done: boolean): void {
  const { key: entry } = useLocation();
  const scrollY = useRef(0);
  useEffect(() => {
    const onScroll = () => {
      scrollY.current = window.scrollY;
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const mounted = useRef(false);
  useLayoutEffect(() => {
    const save = () => writeListSnapshot<T>(key, { items, done, scrollY: scrollY.current, entry });
    // Not on mount: what is on screen then is page 1 (or what was just restored), nothing new.
    if (mounted.current) save();
    mounted.current = true;
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [key, entry, items, done]);
}
