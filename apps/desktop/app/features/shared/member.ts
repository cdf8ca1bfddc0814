import { useNavigate } from 'react-router';
import { loadMember, type MemberSession } from '@portal/session';
import { showToast } from '@portal/ui';

/**
 * Shows 请先登录. The message lives with the shared yup schemas; importing it on demand keeps
 * yup out of the pages' first load (only a visitor who hits the gate downloads it).
 */
export function toastLoginFirst(): void {
  void import('@portal/api-client/schemas').then(({ MSG }) => showToast(MSG.loginFirst, 'warning'));
}

/**
 * For actions that need a member (paid white papers, the weekly-report subscription): returns the
 * stored member, or shows 请先登录 and sends the reader to /login (spec sections 5 and 6).
 */
export function useRequireMember(): () => MemberSession | null {
  const navigate = useNavigate();
  return () => {
    const member = loadMember();
    if (member) return member;
    toastLoginFirst();
    void navigate('/login');
    return null;
  };
}
