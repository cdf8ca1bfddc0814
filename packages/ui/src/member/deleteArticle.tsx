import { useState, type ReactNode } from 'react';
import type { Api } from '@portal/api-client';
import { ErrorCode } from '@portal/api-client/codes';
import { MSG } from '@portal/api-client/messages';
import { ConfirmDialog } from '../ConfirmDialog';
import { isOk } from '@portal/api-client/envelope';

/**
 * Deleting a column article (spec section 4): `ask(id)` opens the confirmation; 确定 calls
 * space_delete_article (the button is busy meanwhile). Render `confirm` once in the list.
 */
export function useDeleteArticle({
  getApi,
  onDeleted,
  onError,
}: {
  getApi: () => Promise<Api>;
  /** Deleted: the server's message. */
  onDeleted: (msg: string) => void;
  /** A failed delete's message (never 10001: the session redirect says it). */
  onError: (msg: string) => void;
}): { ask: (id: number) => void; confirm: ReactNode } {
  const [deleting, setDeleting] = useState<{ id: number; busy: boolean } | null>(null);
  const remove = async (id: number) => {
    setDeleting({ id, busy: true });
    const res = await (await getApi()).space_delete_article({ id });
    setDeleting(null);
    if (isOk(res)) onDeleted(res.msg || MSG.deleted);
    else if (res.code !== ErrorCode.SessionInvalid) onError(res.msg);
  };
  return {
    ask: (id) => setDeleting({ id, busy: false }),
    confirm: (
      <ConfirmDialog
        open={deleting !== null}
        message={MSG.deleteConfirm}
        busy={deleting?.busy}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting.id);
        }}
      />
    ),
  };
}
