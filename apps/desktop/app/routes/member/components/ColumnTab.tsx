import { useCallback, useEffect, useState } from 'react';
import type { Api, ColumnArticle, Option } from '@portal/api-client';
import { ArticleStatus, PAGE_SIZE } from '@portal/api-client/constants';
import { Pagination, showToast } from '@portal/ui';
import { useDeleteArticle } from '@portal/ui/member';
import { toastFailure } from '../lib/api';
import { ArticleDialog } from './ArticleDialog';
import { isOk } from '@portal/api-client/envelope';

const STATUS_FILTER: { value: string; label: string }[] = [
  { value: '', label: '全部状态' },
  { value: String(ArticleStatus.Unreviewed), label: '未审核' },
  { value: String(ArticleStatus.Pending), label: '待审核' },
  { value: String(ArticleStatus.Approved), label: '已通过' },
  { value: String(ArticleStatus.Rejected), label: '未通过' },
];

/** 专栏列表: the member's own articles, 10 a page, filtered by title and status, with the article dialog. */
export function ColumnTab({ getApi }: { getApi: () => Promise<Api> }) {
  const [filter, setFilter] = useState({ title: '', status: '' });
  const [query, setQuery] = useState({ title: '', status: '', page: 1 });
  const [list, setList] = useState<{ items: ColumnArticle[]; total: number } | null>(null);
  const [channels, setChannels] = useState<Option[]>([]);
  const [dialog, setDialog] = useState<{ open: boolean; article: ColumnArticle | null }>({
    open: false,
    article: null,
  });
  // Bumped after a save or delete to fetch the current page again.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // The delete asks first (spec section 5).
  const deletion = useDeleteArticle({
    getApi,
    onDeleted: (msg) => {
      showToast(msg, 'success');
      reload();
    },
    onError: (msg) => showToast(msg, 'warning'),
  });

  useEffect(() => {
    let live = true;
    void getApi()
      .then((api) =>
        api.space_list({
          title: query.title || undefined,
          status: query.status === '' ? undefined : Number(query.status),
          page: query.page,
          pageSize: PAGE_SIZE.columnList,
        }),
      )
      .then((res) => {
        if (!live) return;
        if (isOk(res)) setList({ items: res.data, total: res.total ?? res.data.length });
        else toastFailure(res);
      });
    return () => {
      live = false;
    };
  }, [getApi, query, version]);
  useEffect(() => {
    void getApi()
      .then((api) => api.space_channel({}))
      .then((res) => setChannels(isOk(res) ? res.data : []));
  }, [getApi]);

  const edit = async (id: number) => {
    const res = await (await getApi()).space_edit_article({ id });
    if (isOk(res)) setDialog({ open: true, article: res.data });
    else toastFailure(res);
  };
  return (
    <div className="column-list">
      <form
        className="column-list__filter"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...filter, title: filter.title.trim(), page: 1 });
        }}
      >
        <input
          className="mform__input"
          placeholder="文章标题"
          aria-label="文章标题"
          value={filter.title}
          onChange={(e) => setFilter({ ...filter, title: e.target.value })}
        />
        <select
          className="mform__input"
          aria-label="审核状态"
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value })}
        >
          {STATUS_FILTER.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <button type="submit" className="ui-button">
          搜索
        </button>
        <button
          type="button"
          className="ui-button ui-button--primary"
          onClick={() => setDialog({ open: true, article: null })}
        >
          新增文章
        </button>
      </form>
      {list === null ? (
        <p className="member-empty">加载中…</p>
      ) : list.items.length === 0 ? (
        <p className="member-empty">暂无数据</p>
      ) : (
        <table className="column-list__table">
          <thead>
            <tr>
              <th>标题</th>
              <th>状态</th>
              <th>拒绝原因</th>
              <th>创建时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((a) => (
              <tr key={a.id}>
                <td className="column-list__title">{a.title}</td>
                <td>
                  <span className={`status status--${a.status < 0 ? 'rejected' : a.status}`}>
                    {a.showStatus}
                  </span>
                </td>
                <td className="column-list__refuse">{a.status === ArticleStatus.Rejected ? a.refuse : ''}</td>
                <td>{a.created_at}</td>
                <td className="column-list__ops">
                  <button type="button" className="linkish" onClick={() => void edit(a.id)}>
                    编辑
                  </button>
                  <button
                    type="button"
                    className="linkish linkish--danger"
                    onClick={() => deletion.ask(a.id)}
                  >
                    删除
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination
        total={list?.total ?? 0}
        page={query.page}
        pageSize={PAGE_SIZE.columnList}
        onChange={(page) => setQuery({ ...query, page })}
      />
      {deletion.confirm}
      <ArticleDialog
        getApi={getApi}
        open={dialog.open}
        article={dialog.article}
        channels={channels}
        onClose={() => setDialog({ open: false, article: null })}
        onSaved={() => {
          setDialog({ open: false, article: null });
          reload();
        }}
      />
    </div>
  );
}
