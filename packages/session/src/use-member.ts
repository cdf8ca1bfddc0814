import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { STORAGE_KEY } from '@portal/api-client/constants';
import { onSessionExpired, type SessionExpiredHandler } from './member-client';
import { parseMember, type MemberSession } from './storage/member';
import { readItem } from './storage/browser';

function subscribe(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    // key null: the whole storage was cleared.
    if (event.key === null || event.key === STORAGE_KEY.member) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

// The raw string is the snapshot: useSyncExternalStore needs a value that stays equal while
// SMBData does not change, and a parsed object would be new on every read.
const readRaw = (): string | null => readItem('localStorage', STORAGE_KEY.member);

function parse(raw: string | null): MemberSession | null {
  if (raw === null) return null;
  try {
    return parseMember(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * The logged-in member from SMBData, following logins and logouts in this tab and others:
 * undefined on the server and while hydrating (the server cannot see local storage, so the first
 * render matches its HTML), null when nobody is logged in.
 */
export function useMember(): MemberSession | null | undefined {
  const raw = useSyncExternalStore(subscribe, readRaw, () => undefined);
  return useMemo(() => (raw === undefined ? undefined : parse(raw)), [raw]);
}

/** Registers the app's 10001 behaviour (message + /login) while the component is mounted. */
export function useSessionExpired(handler: SessionExpiredHandler): void {
  const latest = useRef(handler);
  // Updated after render (never during it): the subscription below always calls the newest handler.
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onSessionExpired((msg) => latest.current(msg)), []);
}
