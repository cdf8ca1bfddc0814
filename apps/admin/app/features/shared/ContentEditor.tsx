import { Suspense, lazy } from 'react';
import { AdminApiError, adminApi } from '../../lib/api';
import { ADMIN_TEXT } from '../../lib/texts';

// The editor (and wangEditor's CSS) loads with the pages that use it only.
const RichEditor = lazy(() => import('@portal/ui/editor'));

/** Form.Item passes value/onChange; uploads go to the back office's media endpoint. */
export function ContentEditor({
  value,
  onChange,
  onError,
}: {
  value?: string;
  onChange?: (html: string) => void;
  onError: (msg: string) => void;
}) {
  return (
    <Suspense
      fallback={
        <div className="editor-box" style={{ height: 340, padding: 16 }}>
          编辑器加载中…
        </div>
      }
    >
      <div className="editor-box">
        <RichEditor
          value={value ?? ''}
          onChange={(html) => onChange?.(html)}
          upload={async (file) => {
            try {
              return await adminApi.upload(file);
            } catch (err) {
              return { error: err instanceof AdminApiError ? err.message : ADMIN_TEXT.uploadFailed };
            }
          }}
          onError={onError}
        />
      </div>
    </Suspense>
  );
}
