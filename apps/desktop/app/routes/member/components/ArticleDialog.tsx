import type { Api, ColumnArticle, Option } from '@portal/api-client';
import { Dialog, showToast } from '@portal/ui';
import { ArticleForm } from '@portal/ui/member';

const toastError = (msg: string) => showToast(msg, 'error');

/** The article dialog in create or edit mode (spec section 4); drafts stay unsubmitted (status 0). */
export function ArticleDialog({
  getApi,
  open,
  article,
  channels,
  onClose,
  onSaved,
}: {
  getApi: () => Promise<Api>;
  open: boolean;
  /** null: create mode. */
  article: ColumnArticle | null;
  channels: Option[];
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Dialog
      open={open}
      title={article ? '编辑文章' : '新增文章'}
      onClose={onClose}
      className="article-dialog"
    >
      {open ? (
        <ArticleForm
          getApi={getApi}
          article={article}
          channels={channels}
          onError={toastError}
          onSaved={(msg) => {
            showToast(msg, 'success');
            onSaved();
          }}
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
                {isSubmitting ? '提交中…' : '提交审核'}
              </button>
              <button type="button" className="ui-button" onClick={onClose}>
                取消
              </button>
            </div>
          )}
        />
      ) : null}
    </Dialog>
  );
}
