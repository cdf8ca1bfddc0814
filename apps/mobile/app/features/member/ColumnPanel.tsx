import { useColumnSpace, type Say } from '@portal/ui/member';
import { memberApi } from '@portal/session';
import { ArticleList } from './ArticleList';
import { MSG } from '@portal/api-client/messages';

/**
 * 我的专栏 on the phone (spec section 4, useColumnSpace): 0 offers the application, 1 says review is
 * in progress, 2 shows the member's articles, a negative status shows the server's message and may
 * apply again.
 */
export function ColumnPanel({ memberId, say }: { memberId: number; say: Say }) {
  const column = useColumnSpace({ getApi: memberApi, say, memberId });
  const { space, busy } = column;

  if (!space) {
    return (
      <p className="mm-empty" role="status">
        加载中...
      </p>
    );
  }

  if (column.approved) return <ArticleList say={say} />;

  const apply = () => void column.apply();
  return (
    <div className={`mm-apply${column.rejected ? ' mm-apply--rejected' : ''}`}>
      {column.notApplied ? (
        <>
          <p>开通专栏后，您可以在本站发表文章，经编辑审核后公开发布。</p>
          <button
            type="button"
            className="mm-btn mm-btn--primary mm-btn--block"
            disabled={busy}
            onClick={apply}
          >
            申请专栏
          </button>
        </>
      ) : column.underReview ? (
        <p className="mm-apply__msg">{space.msg || MSG.columnPending}</p>
      ) : (
        <>
          <p className="mm-apply__msg">{space.msg}</p>
          {column.rejected ? (
            <button
              type="button"
              className="mm-btn mm-btn--primary mm-btn--block"
              disabled={busy}
              onClick={apply}
            >
              重新申请
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
