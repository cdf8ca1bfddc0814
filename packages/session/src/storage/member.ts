import { STORAGE_KEY } from '@portal/api-client/constants';
import { readItem, removeItem, writeItem } from './browser';

/**
 * The logged-in member as the browser keeps it (spec section 3: local storage SMBData holds at
 * least id and stoken, plus username and avatar for display). Also the shape of the store's member.
 */
export interface MemberSession {
  id: number;
  stoken: string;
  username: string;
  avatar: string;
}

/** Validates anything claiming to be a member session; a damaged entry reads as logged out. */
export function parseMember(value: unknown): MemberSession | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const id = typeof record.id === 'string' && /^\d+$/.test(record.id) ? Number(record.id) : record.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return null;
  if (typeof record.stoken !== 'string' || record.stoken === '') return null;
  return {
    id,
    stoken: record.stoken,
    username: typeof record.username === 'string' ? record.username : '',
    avatar: typeof record.avatar === 'string' ? record.avatar : '',
  };
}

/** The stored member, or null (not logged in, on the server, or storage unreadable). */
export function loadMember(): MemberSession | null {
  const raw = readItem('localStorage', STORAGE_KEY.member);
  if (raw === null) return null;
  try {
    return parseMember(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function saveMember(member: MemberSession): void {
  const valid = parseMember(member);
  if (!valid) throw new TypeError('saveMember needs a member with a positive id and a stoken');
  writeItem('localStorage', STORAGE_KEY.member, JSON.stringify(valid));
}

export function clearMember(): void {
  removeItem('localStorage', STORAGE_KEY.member);
}
