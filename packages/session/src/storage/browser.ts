/** Storage access that is safe during SSR (no window) and when the browser refuses storage (private mode, quota). */
export type StorageKind = 'localStorage' | 'sessionStorage';

export function isBrowser(): boolean {
  return typeof window !== 'undefined' && typeof document !== 'undefined';
}

export function storageOf(kind: StorageKind): Storage | null {
  if (!isBrowser()) return null;
  try {
    return window[kind];
  } catch {
    // Accessing the property itself throws when storage is disabled.
    return null;
  }
}

export function readItem(kind: StorageKind, key: string): string | null {
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored. */
export function writeItem(kind: StorageKind, key: string, value: string): boolean {
  const storage = storageOf(kind);
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(kind: StorageKind, key: string): void {
  try {
    storageOf(kind)?.removeItem(key);
  } catch {
    // Nothing stored can be reached either, so there is nothing left to remove.
  }
}
