import { useState } from 'react';
import { ErrorCode } from '@portal/api-client/codes';
import { memberApi } from '@portal/session';
import { useRequireMember } from '../../shared/member';
import { showToast } from '@portal/ui';
import { isOk } from '@portal/api-client/envelope';
import { MSG } from '@portal/api-client/messages';

/**
 * 订阅周报 (it_sub): needs a member, otherwise 请先登录 and /login. The HTTP client is loaded
 * only when a member clicks, so the report page itself ships no axios.
 */
export function SubscribeButton({ reportId }: { reportId: number }) {
  const requireMember = useRequireMember();
  const [busy, setBusy] = useState(false);
  const subscribe = async () => {
    if (!requireMember()) return;
    setBusy(true);
    try {
      // A 10001 answer is handled by the session owner (message and /login).
      const res = await (await memberApi()).it_sub({ report_id: reportId });
      if (isOk(res)) showToast(res.msg || MSG.subscribed, 'success');
      else if (res.code !== ErrorCode.SessionInvalid) showToast(res.msg, 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="ui-button ui-button--primary"
      disabled={busy}
      onClick={() => void subscribe()}
    >
      {busy ? '订阅中…' : '订阅周报'}
    </button>
  );
}
