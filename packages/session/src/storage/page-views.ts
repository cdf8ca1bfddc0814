import { PAGE_VIEW_THROTTLE_MS, STORAGE_KEY } from '@portal/api-client/constants';
import { PAGE_VIEW_REFERRER_MAX } from '@portal/api-client/stats';
import { isBrowser, readItem, writeItem } from './browser';

/** How many articles' last view times are kept; older entries are dropped so storage stays small. */
export const PAGE_VIEW_MEMORY = 200;

type Views = Record<string, number>;

// Used when the browser refuses storage, so throttling still holds within the page.
let memory: Views = {};

function readViews(): Views {
  const raw = readItem('localStorage', STORAGE_KEY.pageViews);
  if (raw === null) return { ...memory };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const views: Views = {};
    for (const [id, time] of Object.entries(parsed)) {
      if (typeof time === 'number' && Number.isFinite(time)) views[id] = time;
    }
    return views;
  } catch {
    return {};
  }
}

/** The lasttime stored for an article (sent back with article_pv), or undefined. */
export function lastViewTime(id: number | string): number | undefined {
  if (!isBrowser()) return undefined;
  return readViews()[String(id)];
}

/**
 * Spec section 4: count a view only when no previous time is stored or more than
 * PAGE_VIEW_THROTTLE_MS have passed. Never on the server: views are counted by the reader's browser.
 */
export function shouldCountView(id: number | string, now: number = Date.now()): boolean {
  if (!isBrowser()) return false;
  const last = readViews()[String(id)];
  return last === undefined || now - last > PAGE_VIEW_THROTTLE_MS;
}

/** Stores the lasttime article_pv returned. */
export function recordView(id: number | string, lasttime: number): void {
  if (!isBrowser() || !Number.isFinite(lasttime)) return;
  const views = readViews();
  views[String(id)] = lasttime;
  const ids = Object.keys(views);
  // Numeric keys do not keep insertion order, so the oldest are found by time.
  if (ids.length > PAGE_VIEW_MEMORY) {
    ids.sort((a, b) => (views[a] ?? 0) - (views[b] ?? 0));
    for (const old of ids.slice(0, ids.length - PAGE_VIEW_MEMORY)) delete views[old];
  }
  if (!writeItem('localStorage', STORAGE_KEY.pageViews, JSON.stringify(views))) memory = views;
}

/**
 * The referrer of the page being viewed, for its source class (issue 25), cut to
 * PAGE_VIEW_REFERRER_MAX. `document.referrer` only describes the document's first page: after a
 * client-side navigation (the address no longer the one the document was loaded at) the reader came
 * from inside the portal, so the portal's own origin is sent.
 */
export function pageReferrer(): string {
  if (!isBrowser()) return '';
  const loadedAt = performance.getEntriesByType?.('navigation')[0]?.name;
  const here = location.href.split('#')[0];
  const ref =
    loadedAt !== undefined && loadedAt.split('#')[0] !== here ? `${location.origin}/` : document.referrer;
  return ref.slice(0, PAGE_VIEW_REFERRER_MAX);
}
