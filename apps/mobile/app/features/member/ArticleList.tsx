import { lazy, Suspense, useState } from 'react';
import { Pagination } from '@portal/ui';
import {
  ARTICLE_STATUS_FILTER,
  articleStatusKey,
  refusalOf,
  useColumnArticles,
  type Say,
} from '@portal/ui/member';
import { memberApi } from '@portal/session';
import { TEXT } from '@portal/api-client/messages';

// The writing sheet carries formik and, once opened, the editor: neither loads with the page.
const ArticleSheet = lazy(() => import('./ArticleSheet'));

/** The status chips: every status, then the filter of spec section 4. */
const STATUS_CHIPS: readonly { value: number | null; label: string }[] = [
  { value: null, label: '全部' },
  ...ARTICLE_STATUS_FILTER,
];

/** The member's own column articles, 10 a page, with a status filter and a title search (useColumnArticles). */
export function ArticleList({ say }: { say: Say }) {
  const articles = useColumnArticles({ getApi: memberApi, say });
  const { list, query, dialog } = articles;
  const [title, setTitle] = useState('');
  return (
    <div className="mm-articles">
      <form
        className="mm-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          articles.search({ title });
        }}
      >
        <input
          className="mm-input"
          type="search"
          placeholder="搜索文章标题"
          aria-label={TEXT.articleTitle}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
        <button type="submit" className="mm-btn">
          搜索
        </button>
        <button type="button" className="mm-btn mm-btn--primary" onClick={dialog.openNew}>
          写文章
        </button>
      </form>
      <div className="mm-chips" role="radiogroup" aria-label={TEXT.reviewStatus}>
        {STATUS_CHIPS.map((chip) => (
          <button
            key={chip.label}
            type="button"
            role="radio"
            aria-checked={query.status === chip.value}
            className={`mm-chip${query.status === chip.value ? ' is-active' : ''}`}
            onClick={() => articles.search({ status: chip.value })}
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
                <span className={`mm-status mm-status--${articleStatusKey(a.status)}`}>{a.showStatus}</span>
              </div>
              {refusalOf(a) ? <p className="mm-card__refuse">未通过原因：{refusalOf(a)}</p> : null}
              <div className="mm-card__foot">
                <span>
                  <time>{a.created_at}</time>
                  <span className="mm-card__views"> · 阅读 {a.views ?? 0}</span>
                </span>
                <span>
                  <button type="button" className="mm-link" onClick={() => void dialog.openEdit(a.id)}>
                    编辑
                  </button>
                  <button
                    type="button"
                    className="mm-link mm-link--danger"
                    onClick={() => articles.remove(a.id)}
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
        pageSize={articles.pageSize}
        onChange={articles.goTo}
      />
      {articles.confirm}
      {dialog.open ? (
        <Suspense fallback={null}>
          <ArticleSheet dialog={dialog} />
        </Suspense>
      ) : null}
    </div>
  );
}
