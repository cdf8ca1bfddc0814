export const LIST_EMPTY_TEXT = '暂无数据';
export const LIST_END_TEXT = '到底了';
export const LIST_LOADING_TEXT = '加载中...';

export interface ListStatusProps {
  loading: boolean;
  done: boolean;
  /** No item at all: shows 暂无数据 instead of 到底了. */
  empty: boolean;
}

/** The line under an endless list (spec section 4): loading, 到底了, or 暂无数据. */
export function ListStatus({ loading, done, empty }: ListStatusProps) {
  if (empty && done) {
    return (
      <p className="ui-list-status ui-list-status--empty" role="status">
        {LIST_EMPTY_TEXT}
      </p>
    );
  }
  if (loading) {
    return (
      <p className="ui-list-status ui-list-status--loading" role="status" aria-busy="true">
        <span className="ui-list-status__spinner" aria-hidden="true" />
        {LIST_LOADING_TEXT}
      </p>
    );
  }
  if (done) {
    return (
      <p className="ui-list-status ui-list-status--end" role="status">
        {LIST_END_TEXT}
      </p>
    );
  }
  return <p className="ui-list-status" aria-hidden="true" />;
}
