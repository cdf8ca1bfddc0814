import type { Api } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { STORAGE_KEY } from '@portal/api-client/constants';
import { clearMember, loadMember } from '@portal/session';

/** How long the 10001 message stays on screen before the member is taken to /login. */
const EXPIRED_NOTICE_MS = 1500;

type ExpiredListener = (msg: string) => void;
let onExpired: ExpiredListener | null = null;

/** The member centre shows the 10001 message itself (in its toast) while this is set. */
export function setSessionExpiredListener(listener: ExpiredListener | null): void {
  onExpired = listener;
}

/** Tells this tab's readers of SMBData (the user card) that it changed; `storage` only fires in other tabs. */
export function notifyMemberChange(): void {
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY.member }));
}

let pending: Promise<Api> | null = null;

/**
 * The member centre's HTTP api, loaded on first use. Member calls carry stoken and member_id from
 * SMBData; a 10001 answer clears the session, shows the server's message and goes to /login
 * (spec sections 4 and 8).
 */
export function memberApi(): Promise<Api> {
  pending ??= import('@portal/api-client/http').then(({ createBrowserApi }) =>
    createBrowserApi({
      getMember: loadMember,
      onSessionInvalid: (msg) => {
        clearMember();
        onExpired?.(msg);
        window.setTimeout(() => window.location.assign('/login'), onExpired ? EXPIRED_NOTICE_MS : 0);
      },
    }),
  );
  return pending;
}

/** A failed call's message, except 10001 (its message is shown on the way to /login). */
export function failureMessage(res: { code: number; msg: string }): string | null {
  return res.code === ErrorCode.SessionInvalid ? null : res.msg;
}
