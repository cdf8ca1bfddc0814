import { useState } from 'react';
import type { Api } from '@portal/api-client';
import { ColumnStatus } from '@portal/api-client/constants';
import { showToast } from '@portal/ui';
import { toastFailure } from '../lib/api';
import { isOk } from '@portal/api-client/envelope';

export interface SpaceState {
  status: number;
  msg: string;
}

/**
 * 申请专栏 (spec section 4): 0 shows the apply button; 1 says review is in progress; 2 opens the
 * column list; negative shows the server's refusal and allows applying again.
 */
export function ApplyTab({
  getApi,
  memberId,
  space,
  onChanged,
  openList,
}: {
  getApi: () => Promise<Api>;
  memberId: number;
  space: SpaceState | null;
  onChanged: () => void;
  openList: () => void;
}) {
  const [busy, setBusy] = useState(false);
  if (!space) return <p className="member-empty">加载中…</p>;
  const apply = async () => {
    setBusy(true);
    try {
      const res = await (await getApi()).space_apply({ id: memberId });
      if (isOk(res)) showToast(res.msg || '申请已提交', 'success');
      else toastFailure(res);
      onChanged();
    } finally {
      setBusy(false);
    }
  };
  const { status, msg } = space;
  return (
    <div className={`apply apply--${status < 0 ? 'rejected' : status}`}>
      {status === ColumnStatus.NotApplied ? (
        <>
          <p>开通专栏后，您可以在本站发表文章，经编辑审核后公开发布。</p>
          <button
            type="button"
            className="ui-button ui-button--primary"
            disabled={busy}
            onClick={() => void apply()}
          >
            申请专栏
          </button>
        </>
      ) : status === ColumnStatus.UnderReview ? (
        <p className="apply__msg">{msg || '您的专栏申请正在审核中，请耐心等待'}</p>
      ) : status === ColumnStatus.Approved ? (
        <>
          <p className="apply__msg">{msg || '您的专栏已开通'}</p>
          <button type="button" className="ui-button ui-button--primary" onClick={openList}>
            进入专栏列表
          </button>
        </>
      ) : (
        <>
          <p className="apply__msg apply__msg--error">{msg}</p>
          <button
            type="button"
            className="ui-button ui-button--primary"
            disabled={busy}
            onClick={() => void apply()}
          >
            重新申请
          </button>
        </>
      )}
    </div>
  );
}
