import { ErrorCode } from '@portal/api-client/codes';

export { memberApi, notifyMemberChange } from '@portal/session';

/** A failed call's message, except 10001 (its message is shown on the way to /login). */
export function failureMessage(res: { code: number; msg: string }): string | null {
  return res.code === ErrorCode.SessionInvalid ? null : res.msg;
}
