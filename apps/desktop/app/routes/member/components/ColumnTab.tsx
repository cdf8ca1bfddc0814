import { useState } from 'react';
import type { Api } from '@portal/api-client';
import { Pagination, showToast } from '@portal/ui';
import { ARTICLE_STATUS_FILTER, articleStatusKey, refusalOf, useColumnArticles } from '@portal/ui/member';
import { ArticleDialog } from './ArticleDialog';
import { TEXT } from '@portal/api-client/messages';

/** 专栏列表: the member's own articles, 10 a page, filtered by title and status, with the article dialog. */
export function ColumnTab({ getApi }: { getApi: () => Promise<Api> }) {
  const articles = useColumnArticles({ getApi, say: showToast });
  const { list, query, dialog } = articles;
  // The filter applies on 搜索 (the select is part of the form).
  const [filter, setFilter] = useState({ title: '', status: '' });
  return (
    <div className="column-list">
      <form
        className="column-list__filter"
        onSubmit={(e) => {
          e.preventDefault();
          articles.search({
            title: filter.title,
            status: filter.status === '' ? null : Number(filter.status),
          });
        }}
      >
        <input
          className="mform__input"
          placeholder={TEXT.articleTitle}
          aria-label={TEXT.articleTitle}
          value={filter.title}
          onChange={(e) => setFilter({ ...filter, title: e.target.value })}
        />
        <select
          className="mform__input"
          aria-label={TEXT.reviewStatus}
          value={filter.status}
          onChange={(e) => setFilter({ ...filter, status: e.target.value })}
        >
          <option value="">全部状态</option>
          {ARTICLE_STATUS_FILTER.map((s) => (
            <option key={s.value} value={String(s.value)}>
              {s.label}
            </option>
          ))}
        </select>
        <button type="submit" className="ui-button">
          搜索
        </button>
        <button type="button" className="ui-button ui-button--primary" onClick={dialog.openNew}>
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
              <th>阅读</th>
              <th>创建时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.items.map((a) => (
              <tr key={a.id}>
                <td className="column-list__title">{a.title}</td>
                <td>
                  <span className={`status status--${articleStatusKey(a.status)}`}>{a.showStatus}</span>
                </td>
                <td className="column-list__refuse">{refusalOf(a)}</td>
                <td className="column-list__views">{a.views ?? 0}</td>
                <td>{a.created_at}</td>
                <td className="column-list__ops">
                  <button type="button" className="linkish" onClick={() => void dialog.openEdit(a.id)}>
                    编辑
                  </button>
                  <button
                    type="button"
                    className="linkish linkish--danger"
                    onClick={() => articles.remove(a.id)}
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
        pageSize={articles.pageSize}
        onChange={articles.goTo}
      />
      {articles.confirm}
      <ArticleDialog dialog={dialog} />
    </div>
  );
}
