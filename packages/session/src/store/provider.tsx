import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { STORAGE_KEY } from '@portal/api-client/constants';
import { createStore, type AppStore, type SessionState } from './create-store';
import { restoreMember } from './thunks';

export interface SessionProviderProps {
  /** The store to provide; created from `preloadedState` when absent. */
  store?: AppStore;
  preloadedState?: Partial<SessionState>;
  children?: ReactNode;
}

/**
 * Provides the store, then (in the browser, after hydration) loads the member from SMBData and
 * follows logins and logouts made in other tabs.
 */
export function SessionProvider({ store, preloadedState, children }: SessionProviderProps) {
  const [value] = useState(() => store ?? createStore(preloadedState));

  useEffect(() => {
    value.dispatch(restoreMember());
    const onStorage = (event: StorageEvent) => {
      // key null: the whole storage was cleared.
      if (event.key === null || event.key === STORAGE_KEY.member) value.dispatch(restoreMember());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [value]);

  return <Provider store={value}>{children}</Provider>;
}
