import { showToast } from '@portal/ui';
import { failureMessage } from '@portal/ui/member';

/** Shows a failed call's message, except 10001 (already handled by the session redirect). */
export function toastFailure(res: { code: number; msg: string }, kind: 'error' | 'warning' = 'error'): void {
  const msg = failureMessage(res);
  if (msg) showToast(msg, kind);
}
