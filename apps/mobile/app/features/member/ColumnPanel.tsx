import { useEffect, useState } from 'react';
import { ColumnStatus } from '@portal/api-client/constants';
import { failureMessage, memberApi } from './api';
import { ArticleList } from './ArticleList';
import { isOk } from '@portal/api-client/envelope';

interface Space {
  status: number;
  msg: string;
}

/**
 * 我的专栏 on the phone (spec section 4): 0 offers the application, 1 says review is in progress,
 * 2 shows the member's articles, a negative status shows the server's message and may apply again.
 */
export function ColumnPanel({ memberId, say }: { memberId: number; say: (msg: string) => void }) {
  const [space, setSpace] = useState<Space | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped after an application to read the status again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let live = true;
    void memberApi()
      .then((api) => api.check_space({ id: memberId }))
      .then((res) => {
        if (!live) return;
        if (isOk(res)) setSpace(res.data);
        else {
          const msg = failureMessage(res);
          if (msg) say(msg);
        }
      });
    return () => {
      live = false;
    };
  }, [memberId, say, version]);

  if (!space) {
    return (
      <p className="mm-empty" role="status">
        加载中...
      </p>
    );
  }

  const apply = async () => {
    setBusy(true);
    try {
      const res = await (await memberApi()).space_apply({ id: memberId });
      const msg = isOk(res) ? res.msg || '申请已提交' : failureMessage(res);
      if (msg) say(msg);
      setVersion((v) => v + 1);
    } finally {
      setBusy(false);
    }
  };

  if (space.status === ColumnStatus.Approved) return <ArticleList say={say} />;

  const rejected = space.status < 0;
  return (
    <div className={`mm-apply${rejected ? ' mm-apply--rejected' : ''}`}>
      {space.status === ColumnStatus.NotApplied ? (
        <>
          <p>开通专栏后，您可以在本站发表文章，经编辑审核后公开发布。</p>
          <button
            type="button"
            className="mm-btn mm-btn--primary mm-btn--block"
            disabled={busy}
            onClick={() => void apply()}
          >
            申请专栏
          </button>
        </>
      ) : space.status === ColumnStatus.UnderReview ? (
        <p className="mm-apply__msg">{space.msg || '您的专栏申请正在审核中，请耐心等待'}</p>
      ) : (
        <>
          <p className="mm-apply__msg">{space.msg}</p>
          {rejected ? (
            <button
              type="button"
              className="mm-btn mm-btn--primary mm-btn--block"
              disabled={busy}
              onClick={() => void apply()}
            >
              重新申请
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
