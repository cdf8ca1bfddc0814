import type { ColumnSpaceState } from '@portal/ui/member';
import { MSG } from '@portal/api-client/messages';

/**
 * 申请专栏 (spec section 4): 0 shows the apply button; 1 says review is in progress; 2 opens the
 * column list; negative shows the server's refusal and allows applying again (useColumnSpace).
 */
export function ApplyTab({ column, openList }: { column: ColumnSpaceState; openList: () => void }) {
  const { space, busy } = column;
  if (!space) return <p className="member-empty">加载中…</p>;
  const apply = () => void column.apply();
  const { msg } = space;
  return (
    <div className={`apply apply--${column.rejected ? 'rejected' : space.status}`}>
      {column.notApplied ? (
        <>
          <p>开通专栏后，您可以在本站发表文章，经编辑审核后公开发布。</p>
          <button type="button" className="ui-button ui-button--primary" disabled={busy} onClick={apply}>
            申请专栏
          </button>
        </>
      ) : column.underReview ? (
        <p className="apply__msg">{msg || MSG.columnPending}</p>
      ) : column.approved ? (
        <>
          <p className="apply__msg">{msg || MSG.columnOpened}</p>
          <button type="button" className="ui-button ui-button--primary" onClick={openList}>
            进入专栏列表
          </button>
        </>
      ) : (
        <>
          <p className="apply__msg apply__msg--error">{msg}</p>
          <button type="button" className="ui-button ui-button--primary" disabled={busy} onClick={apply}>
            重新申请
          </button>
        </>
      )}
    </div>
  );
}
