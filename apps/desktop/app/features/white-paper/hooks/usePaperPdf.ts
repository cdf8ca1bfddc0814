import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@portal/api-client/codes';
import { STORAGE_KEY } from '@portal/api-client/constants';
import { clearMember, loadMember } from '@portal/session';
import { showToast } from '@portal/ui';
import { toastLoginFirst } from '../../shared/member';
import { fetchPaperPdf } from '../lib/fetch-pdf';

export type PaperPdfState =
  | { status: 'locked' }
  | { status: 'loading' }
  | { status: 'ready'; href: string }
  | { status: 'error'; msg: string };

/**
 * A paid paper's PDF for the logged-in member, as an object URL (revoked on leave). A visitor gets
 * 请先登录 and /login; a 10001 answer clears SMBData, shows the server message and goes to /login.
 */
export function usePaperPdf(id: number, paid: boolean): PaperPdfState {
  const navigate = useNavigate();
  const [state, setState] = useState<PaperPdfState>({ status: paid ? 'locked' : 'loading' });
  useEffect(() => {
    if (!paid) return;
    if (!loadMember()) {
      setState({ status: 'locked' });
      toastLoginFirst();
      void navigate('/login', { replace: true });
      return;
    }
    let live = true;
    let href: string | null = null;
    setState({ status: 'loading' });
    void fetchPaperPdf(id, loadMember).then((res) => {
      if (!live) return;
      if (res.ok) {
        href = URL.createObjectURL(res.blob);
        setState({ status: 'ready', href });
      } else if (res.code === ErrorCode.SessionInvalid) {
        clearMember();
        // Lets the header (and any session store) see the logout made in this tab.
        window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY.member }));
        showToast(res.msg, 'error');
        void navigate('/login', { replace: true });
      } else {
        setState({ status: 'error', msg: res.msg });
      }
    });
    return () => {
      live = false;
      if (href) URL.revokeObjectURL(href);
    };
  }, [id, paid, navigate]);
  return state;
}
