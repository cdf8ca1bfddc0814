import { Dialog } from './Dialog';

/** A yes/no question in the site's dialog (the delete confirmation of spec section 5). */
export function ConfirmDialog({
  open,
  message,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  message: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} title="提示" onClose={onCancel} className="confirm-dialog">
      <p className="confirm-dialog__msg">{message}</p>
      <div className="confirm-dialog__actions">
        <button type="button" className="ui-button" onClick={onCancel}>
          取消
        </button>
        <button type="button" className="ui-button ui-button--primary" disabled={busy} onClick={onConfirm}>
          确定
        </button>
      </div>
    </Dialog>
  );
}
