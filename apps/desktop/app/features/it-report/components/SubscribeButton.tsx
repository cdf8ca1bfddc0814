import { useState } from 'react';
import { useNavigate } from 'react-router';
import { clearMember, loadMember } from '@portal/session';
import { useRequireMember } from '../../shared/member';
import { showToast } from '@portal/ui';

/**
 * 订阅周报 (it_sub): needs a member, otherwise 请先登录 and /login. The HTTP client is loaded
 * only when a member clicks, so the report page itself ships no axios.
 */
export function SubscribeButton({ reportId }: { reportId: number }) {
  const requireMember = useRequireMember();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const subscribe = async () => {
    if (!requireMember()) return;
    setBusy(true);
    try {
      const { createBrowserApi } = await import('@portal/api-client/http');
      const api = createBrowserApi({
        getMember: loadMember,
        onSessionInvalid: (msg) => {
          clearMember();
          showToast(msg, 'error');
          void navigate('/login');
        },
      });
      const res = await api.it_sub({ report_id: reportId });
      if (res.code === 0) showToast(res.msg || '订阅成功', 'success');
      else if (res.code !== 10001) showToast(res.msg, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="ui-button ui-button--primary" disabled={busy} onClick={() => void subscribe()}>
      {busy ? '订阅中…' : '订阅周报'}
    </button>
  );
}
