import { useEffect, useState, useSyncExternalStore } from 'react';
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
  // The fetch's answer, for the paper it answers: another paper reads as pending until its own answer.
  const [answer, setAnswer] = useState<{ id: number; state: PaperPdfState } | null>(null);
  // False on the server and while hydrating (the session lives in the browser), true after.
  const inBrowser = useSyncExternalStore(subscribeNothing, isBrowser, isServer);
  useEffect(() => {
    if (!paid) return;
    if (!loadMember()) {
      toastLoginFirst();
      void navigate('/login', { replace: true });
      return;
    }
    let live = true;
    let href: string | null = null;
    const setState = (state: PaperPdfState) => setAnswer({ id, state });
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
  if (!paid) return LOADING;
  if (answer?.id === id) return answer.state;
  return inBrowser && loadMember() ? LOADING : LOCKED;
}

const LOADING: PaperPdfState = { status: 'loading' };
const LOCKED: PaperPdfState = { status: 'locked' };
const subscribeNothing = () => () => {};
const isBrowser = () => true;
const isServer = () => false;
