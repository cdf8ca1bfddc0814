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
} from '../officePaste';
import { MSG } from '@portal/api-client/messages';

type Insert = (url: string, ...rest: string[]) => void;

/**
 * 'default': wangEditor's full toolbar, the toolbar of spec section 9 (headings, quote, bold,
 * underline, italic, more styles, colours, font size/family, line height, lists, todo, alignment,
 * indent, emoticons, link, image, video, table, code block, divider, undo/redo, fullscreen).
 * 'simple': the phone's one or two rows a thumb can reach, without fullscreen.
 */
const TOOLBARS: Record<RichEditorMode, Partial<IToolbarConfig>> = {
  default: { excludeKeys: [] },
  simple: { excludeKeys: ['fullScreen'] },
};

export type RichEditorMode = 'default' | 'simple';

/** What an upload came to: the stored file's url, or why not (null: already told, e.g. a session redirect). */
export type UploadOutcome = { url: string } | { error: string | null };

export interface RichEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** Stores an image or video on the server (members: space_thumb_upload; editors: the back office's upload). */
  upload: (file: File) => Promise<UploadOutcome>;
  /** Tells the writer why an upload failed. */
  onError: (msg: string) => void;
  mode?: RichEditorMode;
  /** The block class (toolbar gets `${className}__toolbar`). */
  className?: string;
}

/**
 * The rich-text editor (@wangeditor/editor-for-react) of member columns and the back office,
 * loaded only when a writing form opens. Images and videos go through `upload` (50 MB, spec
 * section 5); the server sanitises what is saved. Pictures pasted from Word/WPS are rebuilt from
 * the paste's RTF (see officePaste).
 */
export default function RichEditor({
  value,
  onChange,
  upload: store,
  onError,
  mode = 'default',
  className = 'rich-editor',
}: RichEditorProps) {
  const [editor, setEditor] = useState<IDomEditor | null>(null);
  useEffect(
    () => () => {
      editor?.destroy();
    },
    [editor],
  );

  /** Uploads a file; the stored url, or null after telling the writer why not. */
  const uploadFile = async (file: File, quiet = false): Promise<string | null> => {
    if (file.size > EDITOR_UPLOAD_MAX_BYTES) {
      if (!quiet) onError(MSG.editorFileTooLarge);
      return null;
    }
    const outcome = await store(file);
    if ('url' in outcome) return outcome.url;
    if (!quiet && outcome.error) onError(outcome.error);
    return null;
  };

  // The config is read once, when the editor is created: keep what it calls current through a ref.
  const upload = useRef(uploadFile);
  useEffect(() => {
    upload.current = uploadFile;
  });

  /** An Office picture: stored on the server like an upload, else kept inline as a data URL. */
  const pastedImage = async (image: RtfImage, n: number): Promise<string> => {
    const ext = image.type === 'image/png' ? 'png' : 'jpg';
    const file = new File([hexToBytes(image.hex)], `office-paste-${n + 1}.${ext}`, { type: image.type });
    return (await upload.current(file, true)) ?? rtfImageDataUrl(image);
  };

  const [editorConfig] = useState<Partial<IEditorConfig>>(() => ({
    placeholder: EDITOR_PLACEHOLDER,
    // The form's first field keeps the focus: a focused editor would blur (and "touch") the title.
    autoFocus: false,
    customPaste: (ed, event) => {
      const html = event.clipboardData?.getData('text/html') ?? '';
      const rtf = event.clipboardData?.getData('text/rtf') ?? '';
      if (!html || !rtf || countLocalImages(html) === 0) return true; // wangEditor's own paste
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
    <div className={className}>
      <Toolbar
        editor={editor}
        defaultConfig={TOOLBARS[mode]}
        mode={mode}
        className={`${className}__toolbar`}
      />
      <Editor
        defaultConfig={editorConfig}
        value={value}
        onCreated={setEditor}
        onChange={(e) => onChange(e.getHtml())}
        mode={mode}
        style={{ height: EDITOR_HEIGHT_PX, overflowY: 'hidden' }}
      />
    </div>
  );
}
