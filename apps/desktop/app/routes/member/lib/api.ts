import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Api } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { STORAGE_KEY } from '@portal/api-client/constants';
import { loadMember } from '@portal/session';
import { signOut, useAppDispatch } from '@portal/session/store';
import { showToast } from '@portal/ui';

/**
 * Tells everything that shows the member (the header's avatar, the session store) that SMBData
 * changed in this tab; the browser only fires `storage` for other tabs.
 */
export function notifyMemberChange(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY.member }));
}

/**
 * The browser API of the member screens. axios loads on the first call, never with the page.
 * A 10001 answer signs the member out of the store and SMBData, shows the server message and
 * goes to /login (spec sections 4 and 8).
 */
export function useMemberApi(): () => Promise<Api> {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  // The client outlives renders: it calls the latest handler through this ref (set after render).
  const onInvalid = useRef<(msg: string) => void>(() => {});
  useEffect(() => {
    onInvalid.current = (msg) => {
      // Calls made together all answer 10001: the first one signs out and says so, once.
      if (!loadMember()) return;
      dispatch(signOut());
      notifyMemberChange();
      showToast(msg, 'error');
      void navigate('/login', { replace: true });
    };
  }, [dispatch, navigate]);
  const api = useRef<Promise<Api> | null>(null);
  return useCallback(() => {
    api.current ??= import('@portal/api-client/http').then(({ createBrowserApi }) =>
      createBrowserApi({ getMember: loadMember, onSessionInvalid: (msg) => onInvalid.current(msg) }),
    );
    return api.current;
  }, []);
}

/** Shows a failed call's message, except 10001 (already handled by the session redirect). */
export function toastFailure(res: { code: number; msg: string }, kind: 'error' | 'warning' = 'error'): void {
  if (res.code !== ErrorCode.SessionInvalid) showToast(res.msg, kind);
}
