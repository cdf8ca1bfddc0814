import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorCode } from '@portal/api-client/codes';
import { expireSession, loadMember } from '@portal/session';
import { toastLoginFirst } from '../../content/lib/member';
import { fetchPaperPdf } from '../lib/fetch-pdf';

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
    setState({ status: 'loading' });
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
  return state;
}
