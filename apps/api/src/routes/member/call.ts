import type { CallRequest } from '../define-call';

/** The member of the request's stoken (set by the auth hook for `member` calls). */
export function memberOf(request: Pick<CallRequest, 'memberId'>): number {
  const id = request.memberId;
  // Unreachable for member routes: the hook answers 10001 first. Guarding keeps the type honest.
  if (id === null) throw new Error('member route without a member session');
  return id;
}
