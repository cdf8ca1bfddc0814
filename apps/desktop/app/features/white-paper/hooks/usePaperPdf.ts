import { useEffect, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@portal/api-client/codes';
import { expireSession, loadMember } from '@portal/session';
import { toastLoginFirst } from '../../shared/member';
import { fetchPaperPdf } from '../lib/fetch-pdf';
import { href } from '@portal/routes';

export type PaperPdfState =
  | { status: 'locked' }
  | { status: 'loading' }
  | { status: 'ready'; data: ArrayBuffer }
  | { status: 'error'; msg: string };

/**
 * A paid paper's PDF bytes for the logged-in member (drawn by pdf.js: no blob: URL, which in-app
 * browsers cannot open). A visitor gets
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
      void navigate(href.login(), { replace: true });
      return;
    }
    let live = true;
    const setState = (state: PaperPdfState) => setAnswer({ id, state });
    void fetchPaperPdf(id, loadMember).then(async (res) => {
      if (!live) return;
      if (res.ok) {
        const data = await res.blob.arrayBuffer();
        if (live) setState({ status: 'ready', data });
      } else if (res.code === ErrorCode.SessionInvalid) {
        // The one 10001 behaviour: SMBData cleared, the server message, /login.
        expireSession(res.msg);
      } else {
        setState({ status: 'error', msg: res.msg });
      }
    });
    return () => {
      live = false;
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
