import { Dialog } from '@portal/ui';
import { ArticleForm, type ArticleDialogState } from '@portal/ui/member';
import { TEXT } from '@portal/api-client/messages';

/** The article dialog in create or edit mode (spec section 4; useArticleDialog); drafts stay unsubmitted (status 0). */
export function ArticleDialog({ dialog }: { dialog: ArticleDialogState }) {
  return (
    <Dialog open={dialog.open} title={dialog.title} onClose={dialog.close} className="article-dialog">
      {dialog.open ? (
        <ArticleForm
          {...dialog.formProps}
          className="mform mform--wide"
          editor={{ mode: 'default', className: 'rich-editor' }}
          actions={({ isSubmitting, submit }) => (
            <div className="mform__actions">
              <button
                type="button"
                className="ui-button"
                disabled={isSubmitting}
                onClick={() => submit(true)}
              >
                保存草稿
              </button>
              <button
                type="button"
                className="ui-button ui-button--primary"
                disabled={isSubmitting}
                onClick={() => submit(false)}
              >
                {isSubmitting ? TEXT.submitting : TEXT.submitForReview}
              </button>
              <button type="button" className="ui-button" onClick={dialog.close}>
                取消
              </button>
            </div>
          )}
        />
      ) : null}
    </Dialog>
  );
}
