import { useEffect } from 'react';
import { ArticleForm, type ArticleDialogState } from '@portal/ui/member';
import { TEXT } from '@portal/api-client/messages';

/**
 * Writing on the phone: a full-screen sheet with the shared article form of spec section 5, in
 * create mode or edit mode (useArticleDialog). Drafts stay unsubmitted (status 0); 提交审核 sends to review.
 */
export default function ArticleSheet({ dialog }: { dialog: ArticleDialogState }) {
  useEffect(() => {
    // The page behind must not scroll while the sheet is open.
    document.documentElement.classList.add('m-no-scroll');
    return () => document.documentElement.classList.remove('m-no-scroll');
  }, []);
  const title = dialog.article ? TEXT.editArticle : '写文章';

  return (
    <div className="mm-sheet" role="dialog" aria-modal="true" aria-label={title}>
      <header className="mm-sheet__bar">
        <button type="button" className="mm-link" onClick={dialog.close}>
          取消
        </button>
        <h2>{title}</h2>
        <span />
      </header>
      <ArticleForm
        {...dialog.formProps}
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
              {isSubmitting ? '提交中...' : TEXT.submitForReview}
            </button>
          </div>
        )}
      />
    </div>
  );
}
