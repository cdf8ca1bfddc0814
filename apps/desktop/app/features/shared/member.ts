import { useNavigate } from 'react-router';
import { MSG } from '@portal/api-client/messages';
import { loadMember, type MemberSession } from '@portal/session';
import { showToast } from '@portal/ui';
import { href } from '@portal/routes';

/** Shows 请先登录 (from the messages catalogue, which loads without yup or the schemas). */
export function toastLoginFirst(): void {
  showToast(MSG.loginFirst, 'warning');
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
    void navigate(href.login());
    return null;
  };
}
