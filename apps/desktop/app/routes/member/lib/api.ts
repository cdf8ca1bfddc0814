import type { Api } from '@portal/api-client';
import { memberApi } from '@portal/session';
import { showToast } from '@portal/ui';
import { failureMessage } from '@portal/ui/member';

export { notifyMemberChange } from '@portal/session';

/**
 * The browser API of the member screens: @portal/session's one member client (axios loads on the
 * first call, never with the page; a 10001 answer is handled there and by the root's handler).
 */
export function useMemberApi(): () => Promise<Api> {
  return memberApi;
}

/** Shows a failed call's message, except 10001 (already handled by the session redirect). */
export function toastFailure(res: { code: number; msg: string }, kind: 'error' | 'warning' = 'error'): void {
  const msg = failureMessage(res);
  if (msg) showToast(msg, kind);
}
