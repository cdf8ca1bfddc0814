import { useEffect, useRef, useState } from 'react';
import '@wangeditor/editor/dist/css/style.css';
import { Editor, Toolbar } from '@wangeditor/editor-for-react';
import type { IDomEditor, IEditorConfig, IToolbarConfig } from '@wangeditor/editor';
import { EDITOR_HEIGHT_PX, EDITOR_PLACEHOLDER, EDITOR_UPLOAD_MAX_BYTES } from '@portal/api-client/constants';
import {
  countLocalImages,
  extractRtfImages,
  hexToBytes,
  replaceLocalImages,
  rtfImageDataUrl,
  type RtfImage,
} from '@portal/ui';
import { failureMessage, memberApi } from './api';

type Insert = (url: string, ...rest: string[]) => void;

/**
 * wangEditor's "simple" toolbar on the phone: one or two rows a thumb can reach (headings,
 * bold/italic/underline, colours, lists, link, image and video upload, undo/redo…) instead of the
 * desktop's five rows. The content, uploads and sanitising are the same as on the desktop.
 */
const TOOLBAR: Partial<IToolbarConfig> = { excludeKeys: ['fullScreen'] };

/** The phone's rich-text editor, loaded only when the writing sheet opens. */
export default function RichEditor({
  value,
  onChange,
  say,
}: {
  value: string;
  onChange: (html: string) => void;
  say: (msg: string) => void;
}) {
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  useEffect(
    () => () => {
      editor?.destroy();
    },
    [editor],
  );

  /** space_thumb_upload (stoken and member_id are added by the transport); the url, or null. */
  const uploadFile = async (file: File, quiet = false): Promise<string | null> => {
    if (file.size > EDITOR_UPLOAD_MAX_BYTES) {
      if (!quiet) say('上传文件大小不能超过 50MB');
      return null;
    }
    const body = new FormData();
    body.append('file', file);
    const res = await (await memberApi()).space_thumb_upload(body);
    if (res.code !== 0) {
      const msg = failureMessage(res);
      if (msg && !quiet) say(msg);
      return null;
    }
    return res.data.url;
  };
  const upload = useRef(uploadFile);
  useEffect(() => {
    upload.current = uploadFile;
  });

  const pastedImage = async (image: RtfImage, n: number): Promise<string> => {
    const file = new File(
      [hexToBytes(image.hex)],
      `office-paste-${n + 1}.${image.type === 'image/png' ? 'png' : 'jpg'}`,
      { type: image.type },
    );
    return (await upload.current(file, true)) ?? rtfImageDataUrl(image);
  };

  const [config] = useState<Partial<IEditorConfig>>(() => ({
    placeholder: EDITOR_PLACEHOLDER,
    // Office pastes keep their pictures (spec section 9), as on the desktop.
    customPaste: (ed, event) => {
      const html = event.clipboardData?.getData('text/html') ?? '';
      const rtf = event.clipboardData?.getData('text/rtf') ?? '';
      if (!html || !rtf || countLocalImages(html) === 0) return true;
      const images = extractRtfImages(rtf);
      if (images.length === 0) return true;
      event.preventDefault();
      void Promise.all(images.map(pastedImage)).then((sources) => {
        ed.restoreSelection();
        ed.dangerouslyInsertHtml(replaceLocalImages(html, sources));
      });
      return false;
    },
    MENU_CONF: {
      uploadImage: {
        maxFileSize: EDITOR_UPLOAD_MAX_BYTES,
        allowedFileTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        customUpload: async (file: File, insert: Insert) => {
          const url = await upload.current(file);
          if (url) insert(url, file.name, '');
        },
      },
      uploadVideo: {
        maxFileSize: EDITOR_UPLOAD_MAX_BYTES,
        allowedFileTypes: ['video/mp4', 'video/webm'],
        customUpload: async (file: File, insert: Insert) => {
          const url = await upload.current(file);
          if (url) insert(url, '');
        },
      },
    },
  }));

  return (
    <div className="mm-editor">
      <Toolbar editor={editor} defaultConfig={TOOLBAR} mode="simple" className="mm-editor__toolbar" />
      <Editor
        defaultConfig={config}
        value={value}
        onCreated={setEditor}
        onChange={(e) => onChange(e.getHtml())}
        mode="simple"
        style={{ height: EDITOR_HEIGHT_PX, overflowY: 'hidden' }}
      />
    </div>
  );
}
