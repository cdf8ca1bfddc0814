import { MEMBER_HEADERS } from './constants';
import type { MemberIdentity } from './contract';

/*
 * MEMBER_HEADERS carry the member identity on every API call (issue 11, hole 8): a header never
 * lands in a URL, so the stoken stays out of access logs, browser history and Referer. The server
 * still accepts the spec's stoken / member_id in the body (POST) or the query (GET).
 */

/** The identity as request headers, or none when nobody is logged in. */
export function memberHeaders(identity: MemberIdentity | null): Record<string, string> {
  if (!identity) return {};
  return { [MEMBER_HEADERS.stoken]: identity.stoken, [MEMBER_HEADERS.memberId]: String(identity.member_id) };
}

/** What the session layer knows about the logged-in member (spec section 3: SMBData holds id and stoken). */
export interface MemberCredential {
  id: number;
  stoken: string;
}

/** The identity fields added to member calls, or null when nobody is logged in (or the session is unusable). */
export function identityOf(member: MemberCredential | null | undefined): MemberIdentity | null {
  if (!member || typeof member.stoken !== 'string' || member.stoken === '') return null;
  if (!Number.isInteger(member.id) || member.id <= 0) return null;
  return { stoken: member.stoken, member_id: member.id };
}

/**
 * Adds stoken and member_id to a request body (spec section 7: every POST/DELETE body when a member
 * is logged in; GET calls carry them in MEMBER_HEADERS only, never in the query). FormData is appended to in place so uploads keep their
 * streaming body; plain objects are copied so the caller's object never changes. The session's
 * identity wins over anything the caller put in the payload: the server trusts only the stoken anyway.
 */
export function withMemberIdentity<T>(payload: T, identity: MemberIdentity | null): T | (T & MemberIdentity) {
  if (!identity) return payload;
  if (typeof FormData !== 'undefined' && payload instanceof FormData) {
    // The identity goes first: the server checks the session before it reads a file byte and
    // refuses a file part that arrives before it (issue 11). The other parts are moved after it.
    const rest = [...payload.entries()].filter(([name]) => name !== 'stoken' && name !== 'member_id');
    for (const [name] of rest) payload.delete(name);
    payload.set('stoken', identity.stoken);
    payload.set('member_id', String(identity.member_id));
    for (const [name, value] of rest) payload.append(name, value);
    return payload;
  }
  if (payload === null || payload === undefined) return { ...identity } as T & MemberIdentity;
  if (typeof payload !== 'object' || Array.isArray(payload)) return payload;
  return { ...payload, ...identity };
}
