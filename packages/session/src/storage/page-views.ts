import { PAGE_VIEW_THROTTLE_MS, STORAGE_KEY } from '@portal/api-client/constants';
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
