import { useEffect, useState } from 'react';
import { STORAGE_KEY } from '@portal/api-client/constants';

export interface MemberSummary {
  username: string;
  avatar: string;
}

/**
 * The logged-in member for display (avatar + username), read from local storage after mount:
 * the server cannot know it, so server HTML always shows the login link first.
 */
export function useMemberSummary(): MemberSummary | null {
  const [member, setMember] = useState<MemberSummary | null>(null);
  useEffect(() => {
    const read = () => {
      try {
        const raw = window.localStorage.getItem(STORAGE_KEY.member);
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        if (parsed && typeof parsed === 'object' && 'stoken' in parsed && 'username' in parsed) {
          const p = parsed as { username: unknown; avatar?: unknown };
          setMember({ username: String(p.username), avatar: typeof p.avatar === 'string' ? p.avatar : '' });
        } else {
          setMember(null);
        }
      } catch {
        setMember(null);
      }
    };
    read();
    window.addEventListener('storage', read);
    return () => window.removeEventListener('storage', read);
  }, []);
  return member;
}
