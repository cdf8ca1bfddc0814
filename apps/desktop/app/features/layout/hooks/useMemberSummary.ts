import { useMember } from '@portal/session';

export interface MemberSummary {
  username: string;
  avatar: string;
}

/**
 * The logged-in member for display (avatar + username), from the session owner after mount: the
 * server cannot know it, so server HTML always shows the login link first.
 */
export function useMemberSummary(): MemberSummary | null {
  const member = useMember();
  return member ? { username: member.username, avatar: member.avatar } : null;
}
