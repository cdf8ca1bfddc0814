import { CHUNK_RELOAD_INTERVAL_MS, CHUNK_RELOAD_KEY } from '@portal/routes';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(`${error.name} ${error.message}`);
}

/**
 * A deploy replaced the hashed chunks this page still points at: reload once to get the new
 * ones, but at most once per minute so a truly missing chunk cannot cause a reload loop.
 * Returns true when a reload was started.
 */
export function reloadAfterChunkError(error: unknown, now: number = Date.now()): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false;
  try {
    const previous = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)) || 0;
    if (now - previous <= CHUNK_RELOAD_INTERVAL_MS) return false;
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
