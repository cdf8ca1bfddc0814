import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { ColumnArticle } from '@portal/api-client';
import { ArticleStatus, PAGE_SIZE } from '@portal/api-client/constants';
import { Pagination } from '@portal/ui';
import { useDeleteArticle } from '@portal/ui/member';
import { failureMessage, memberApi } from './api';
import { isOk } from '@portal/api-client/envelope';

// The writing sheet carries formik and, once opened, the editor: neither loads with the page.
const ArticleSheet = lazy(() => import('./ArticleSheet'));

/** The status filter of spec section 4 (0 未审核, 1 待审核, 3 已通过, -1 未通过). */
const STATUS_CHIPS: { value: number | null; label: string }[] = [
  { value: null, label: '全部' },
  { value: ArticleStatus.Unreviewed, label: '未审核' },
  { value: ArticleStatus.Pending, label: '待审核' },
  { value: ArticleStatus.Approved, label: '已通过' },
  { value: ArticleStatus.Rejected, label: '未通过' },
];

const statusClass = (status: number) => `mm-status mm-status--${status < 0 ? 'rejected' : status}`;

/** The member's own column articles, 10 a page, with a status filter and a title search. */
export function ArticleList({ say }: { say: (msg: string) => void }) {
  const [title, setTitle] = useState('');
  const [query, setQuery] = useState<{ title: string; status: number | null; page: number }>({
    title: '',
    status: null,
    page: 1,
  });
  const [list, setList] = useState<{ items: ColumnArticle[]; total: number } | null>(null);
  const [version, setVersion] = useState(0);
  // undefined: closed; null: a new article; an article: editing it.
  const [editing, setEditing] = useState<ColumnArticle | null | undefined>(undefined);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const deletion = useDeleteArticle({
    getApi: memberApi,
    onDeleted: (msg) => {
      say(msg);
      reload();
    },
    onError: say,
  });

  useEffect(() => {
    let live = true;
    void memberApi()
      .then((api) =>
        api.space_list({
          title: query.title || undefined,
          status: query.status ?? undefined,
          page: query.page,
          pageSize: PAGE_SIZE.columnList,
        }),
      )
      .then((res) => {
        if (!live) return;
        if (isOk(res)) setList({ items: res.data, total: res.total ?? res.data.length });
        else {
          const msg = failureMessage(res);
          if (msg) say(msg);
        }
      });
    return () => {
      live = false;
    };
  }, [query, version, say]);

  const edit = async (id: number) => {
    const res = await (await memberApi()).space_edit_article({ id });
    if (isOk(res)) setEditing(res.data);
    else {
      const msg = failureMessage(res);
      if (msg) say(msg);
    }
  };
  return (
    <div className="mm-articles">
      <form
        className="mm-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...query, title: title.trim(), page: 1 });
        }}
      >
        <input
          className="mm-input"
          type="search"
          placeholder="搜索文章标题"
          aria-label="文章标题"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <button type="submit" className="mm-btn">
          搜索
        </button>
        <button type="button" className="mm-btn mm-btn--primary" onClick={() => setEditing(null)}>
          写文章
        </button>
      </form>
      <div className="mm-chips" role="radiogroup" aria-label="审核状态">
        {STATUS_CHIPS.map((chip) => (
          <button
            key={chip.label}
            type="button"
            role="radio"
            aria-checked={query.status === chip.value}
            className={`mm-chip${query.status === chip.value ? ' is-active' : ''}`}
            onClick={() => setQuery({ ...query, status: chip.value, page: 1 })}
          >
            {chip.label}
          </button>
        ))}
      </div>
      {list === null ? (
        <p className="mm-empty" role="status">
          加载中...
        </p>
      ) : list.items.length === 0 ? (
        <p className="mm-empty">暂无数据</p>
      ) : (
        <ul className="mm-cards">
          {list.items.map((a) => (
            <li key={a.id} className="mm-card">
              <div className="mm-card__head">
                <h3>{a.title}</h3>
                <span className={statusClass(a.status)}>{a.showStatus}</span>
              </div>
              {a.status === ArticleStatus.Rejected && a.refuse ? (
                <p className="mm-card__refuse">未通过原因：{a.refuse}</p>
              ) : null}
              <div className="mm-card__foot">
                <time>{a.created_at}</time>
                <span>
                  <button type="button" className="mm-link" onClick={() => void edit(a.id)}>
                    编辑
                  </button>
                  <button
                    type="button"
                    className="mm-link mm-link--danger"
                    onClick={() => deletion.ask(a.id)}
                  >
                    删除
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        total={list?.total ?? 0}
        page={query.page}
        pageSize={PAGE_SIZE.columnList}
        onChange={(page) => setQuery({ ...query, page })}
      />
      {deletion.confirm}
      {editing !== undefined ? (
        <Suspense fallback={null}>
          <ArticleSheet
            article={editing}
            say={say}
            onClose={() => setEditing(undefined)}
            onSaved={() => {
              setEditing(undefined);
              reload();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
