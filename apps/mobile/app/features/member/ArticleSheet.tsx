import { useEffect, useState } from 'react';
import type { ColumnArticle, Option } from '@portal/api-client';
import { ArticleForm } from '@portal/ui/member';
import { memberApi } from './api';
import { isOk } from '@portal/api-client/envelope';

/**
 * Writing on the phone: a full-screen sheet with the shared article form of spec section 5, in
 * create mode (article null) or edit mode. Drafts stay unsubmitted (status 0); 提交审核 sends to review.
 */
export default function ArticleSheet({
  article,
  say,
  onClose,
  onSaved,
}: {
  article: ColumnArticle | null;
  say: (msg: string) => void;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [channels, setChannels] = useState<Option[]>([]);
  useEffect(() => {
    void memberApi()
      .then((api) => api.space_channel({}))
      .then((res) => setChannels(isOk(res) ? res.data : []));
  }, []);
  useEffect(() => {
    // The page behind must not scroll while the sheet is open.
    document.documentElement.classList.add('m-no-scroll');
    return () => document.documentElement.classList.remove('m-no-scroll');
  }, []);

  return (
    <div className="mm-sheet" role="dialog" aria-modal="true" aria-label={article ? '编辑文章' : '写文章'}>
      <header className="mm-sheet__bar">
        <button type="button" className="mm-link" onClick={onClose}>
          取消
        </button>
        <h2>{article ? '编辑文章' : '写文章'}</h2>
        <span />
      </header>
      <ArticleForm
        getApi={memberApi}
        article={article}
        channels={channels}
        onError={say}
        onSaved={(msg) => {
          say(msg);
          onSaved();
        }}
        className="mm-form mm-sheet__body"
        editor={{ mode: 'simple', className: 'mm-editor' }}
        actions={({ isSubmitting, submit }) => (
          <div className="mm-sheet__actions">
            <button type="button" className="mm-btn" disabled={isSubmitting} onClick={() => submit(true)}>
              保存草稿
            </button>
            <button
              type="button"
              className="mm-btn mm-btn--primary"
              disabled={isSubmitting}
              onClick={() => submit(false)}
            >
              {isSubmitting ? '提交中...' : '提交审核'}
            </button>
          </div>
        )}
      />
    </div>
  );
}
