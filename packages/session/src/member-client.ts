/**
 * The one owner of the member session in the browser (issue 12): the lazily loaded HTTP api that
 * adds the stoken, and the one answer to 10001 (spec sections 4 and 8): the member leaves the store
 * and SMBData, the server's message is shown and the reader goes to /login. No React and no axios
 * at import time: read-only pages import this without loading the HTTP transport.
 */
import type { Api } from '@portal/api-client';
import { ERROR_MESSAGES, ErrorCode } from '@portal/api-client/codes';
import { STORAGE_KEY } from '@portal/api-client/constants';
import { href } from '@portal/routes';
import { clearMember, loadMember } from './storage/member';

/** Shows the message and navigates to the login page the app's way (client route or a new document). */
export type SessionExpiredHandler = (msg: string) => void;

let handler: SessionExpiredHandler | null = null;

/**
 * The app shell registers how it shows the message and goes to /login; returns the unregister.
 * Without one, the reader is sent to /login by a full navigation.
 */
export function onSessionExpired(next: SessionExpiredHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/**
 * Tells this tab's readers of SMBData (the header, the session store, useMember) that it changed:
 * the browser fires `storage` in other tabs only.
 */
export function notifyMemberChange(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY.member }));
}

/** Removes the member from SMBData and from everything that shows it (logout, 10001). */
export function signOutMember(): void {
  clearMember();
  notifyMemberChange();
}

/**
 * The one 10001 behaviour. Calls made together all answer 10001: the first one signs out and says
 * so, the rest find nobody logged in and do nothing.
 */
export function expireSession(msg: string = ERROR_MESSAGES[ErrorCode.SessionInvalid]): void {
  if (typeof window === 'undefined' || !loadMember()) return;
  signOutMember();
  if (handler) handler(msg || ERROR_MESSAGES[ErrorCode.SessionInvalid]);
  else window.location.assign(href.login());
}

let memberPending: Promise<Api> | null = null;
let publicPending: Promise<Api> | null = null;

/**
 * The browser's api for everything a member does: stoken and member_id from SMBData on every call
 * (headers, never the URL), 10001 handled by expireSession. axios loads on the first call.
 */
export function memberApi(): Promise<Api> {
  memberPending ??= import('@portal/api-client/http').then(({ createBrowserApi }) =>
    createBrowserApi({ getMember: loadMember, onSessionInvalid: expireSession }),
  );
  return memberPending;
}

/** The browser's api for calls that never carry a member (landing pages' vendor and form calls). */
export function publicApi(): Promise<Api> {
  publicPending ??= import('@portal/api-client/http').then(({ createBrowserApi }) => createBrowserApi());
  return publicPending;
}
