import sanitizeHtml from 'sanitize-html';
import { ARTICLE_MAX_NESTING } from '@portal/api-client/constants';
import { htmlTextContent } from '@portal/api-client/html-text';
import { PLAYER_HOSTS } from '@portal/api-client/players';
import { uploadImageInfo } from '@portal/api-client/upload-images';
import { nestsDeeperThan } from './html-depth';

/**
 * The one allow-list for member-written (and any stored) article HTML (DESIGN.md section 5).
 * It is applied once, when HTML is written: rows store its output with SANITIZER_VERSION, reads
 * serve them as stored, and rows of another version are sanitised again (repositories/resanitize.ts). The
 * output must be a fixed point: sanitizeArticleHtml(sanitizeArticleHtml(x)) === sanitizeArticleHtml(x).
 * The list covers what @wangeditor/editor produces (headings, lists, todo, tables, code blocks,
 * colours, alignment, indent, line height, font size/family, images, videos, links).
 */

/**
 * Version of the rules below, stored beside sanitised HTML (content_sanitizer). Bump it with any
 * change to what the sanitiser keeps or writes: stored rows of other versions are sanitised again
 * at the next start (or `pnpm admin resanitize`), and read through the sanitiser until then.
 */
export const SANITIZER_VERSION = 1;

/** Article images span the text column on desktop and the screen on phones. */
const ARTICLE_IMAGE_SIZES = '(max-width: 959px) 100vw, 800px';

// Colour, length and font values: letters, digits, #, %, ., commas, spaces, parentheses and quotes
// only — no "expression(", "url(", "javascript:", backslashes or semicolons can get through.
// Every repetition is bounded and no two can take the same characters (a '\s*' before '[\d\s]+' took
// 48 s on 300 KB of spaces): each pattern runs in time linear in the value, however long it is.
const COLOR = /^(?:#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d.\s,%]{1,60}\)|hsla?\([\d.\s,%deg]{1,60}\))$/i;
const LENGTH = /^(0|[+-]?\d{1,4}(\.\d{1,3})?(px|em|rem|%|pt|vw|vh)?|auto|normal|inherit)$/i;
const FONT_FAMILY = /^[\w\s\u4e00-\u9fff,"'-]{1,100}$/;
const KEYWORD = (words: string[]) => new RegExp(`^(${words.join('|')})$`, 'i');

const TEXT_STYLES: Record<string, RegExp[]> = {
  color: [COLOR],
  'background-color': [COLOR],
  'text-align': [KEYWORD(['left', 'right', 'center', 'justify'])],
  'text-indent': [LENGTH],
  'line-height': [LENGTH],
  'font-size': [LENGTH, KEYWORD(['small', 'medium', 'large', 'x-large', 'xx-large', 'x-small'])],
  'font-family': [FONT_FAMILY],
  'font-weight': [KEYWORD(['bold', 'normal', '[1-9]00'])],
  'font-style': [KEYWORD(['italic', 'normal'])],
  'text-decoration': [KEYWORD(['underline', 'line-through', 'none'])],
  'text-decoration-line': [KEYWORD(['underline', 'line-through', 'none'])],
};
const BOX_STYLES: Record<string, RegExp[]> = {
  width: [LENGTH],
  height: [LENGTH],
  'max-width': [LENGTH],
  'border-width': [LENGTH],
  'border-style': [KEYWORD(['solid', 'dashed', 'dotted', 'none'])],
  'border-color': [COLOR],
};

/** Safe inline image data (pasted office images); never SVG, which can carry script. */
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'div',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'strike',
    'sub',
    'sup',
    'code',
    'pre',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'video',
    'source',
    'iframe',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'colgroup',
    'col',
    'hr',
    'font',
    'mark',
    'input',
  ],
  allowedAttributes: {
    '*': ['style', 'data-w-e-type', 'data-w-e-is-void', 'data-w-e-is-inline'],
    a: ['href', 'target', 'title', 'rel'],
    img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'data-href'],
    video: ['src', 'poster', 'controls', 'width', 'height'],
    source: ['src', 'type'],
    iframe: ['src', 'width', 'height', 'frameborder', 'allowfullscreen'],
    td: ['colspan', 'rowspan', 'width'],
    th: ['colspan', 'rowspan', 'width'],
    col: ['width', 'span'],
    ol: ['start'],
    pre: ['class'],
    code: ['class'],
    font: ['color', 'size', 'face'],
    input: ['type', 'checked', 'disabled'],
  },
  allowedClasses: { code: [/^language-[\w-]{1,30}$/], pre: [/^language-[\w-]{1,30}$/] },
  allowedStyles: {
    '*': TEXT_STYLES,
    img: { ...TEXT_STYLES, ...BOX_STYLES },
    video: { ...TEXT_STYLES, ...BOX_STYLES },
    table: { ...TEXT_STYLES, ...BOX_STYLES },
    td: { ...TEXT_STYLES, ...BOX_STYLES },
    th: { ...TEXT_STYLES, ...BOX_STYLES },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'poster', 'data-href'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...PLAYER_HOSTS],
  allowIframeRelativeUrls: false,
  // Script and style bodies are dropped entirely, not kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // An uploaded image with variants gets its srcset, sizes and (unless the editor sized it) its
    // own width/height, all derived from its URL: deterministic, so a second pass changes nothing.
    // Anything else keeps no srcset of its own (no way to smuggle other URLs in).
    img: (tagName, attribs) => {
      const { srcset: _srcset, sizes: _sizes, width, height, ...rest } = attribs;
      const info = uploadImageInfo(rest.src);
      const box = width !== undefined || height !== undefined;
      const size = box
        ? { ...(width !== undefined ? { width } : {}), ...(height !== undefined ? { height } : {}) }
        : info
          ? { width: String(info.width), height: String(info.height) }
          : {};
      // One attribute order whatever the input's, so the output is a fixed point.
      const out = info
        ? { ...rest, ...size, srcset: info.srcSet, sizes: ARTICLE_IMAGE_SIZES }
        : { ...rest, ...size };
      return { tagName, attribs: out };
    },
    // Links that leave the page never get window.opener; the value is fixed so a second pass keeps it.
    a: (tagName, attribs) => {
      const out = { ...attribs };
      if (out.target !== undefined) {
        if (out.target === '_blank') out.rel = 'noopener noreferrer nofollow';
        else delete out.target;
      }
      return { tagName, attribs: out };
    },
    // Only the todo-list checkbox survives as an <input>; it is never editable in an article.
    input: (tagName, attribs) =>
      attribs.type === 'checkbox'
        ? {
            tagName,
            attribs: {
              type: 'checkbox',
              disabled: '',
              ...(attribs.checked !== undefined ? { checked: '' } : {}),
            },
          }
        : { tagName: 'span', attribs: {} },
  },
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') {
      const src = frame.attribs.src ?? '';
      return src === '' || (src.toLowerCase().startsWith('data:') && !DATA_IMAGE.test(src));
    }
    // An iframe whose src was removed (foreign host, javascript:) is dropped whole.
    if (frame.tag === 'iframe') return !frame.attribs.src;
    return false;
  },
};

/** Sanitise article HTML with the allow-list; idempotent. */
export function sanitizeArticleHtml(html: string): string {
  if (typeof html !== 'string' || html === '') return '';
  // The parser's cost grows with nesting depth: markup nested deeper than any editor writes (saving
  // refuses it first, see routes/column) is shown as its text only, escaped.
  if (nestsDeeperThan(html, ARTICLE_MAX_NESTING)) return escapeText(htmlTextContent(html)).trim();
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The stored columns of article HTML: the sanitised text and the rules' version. */
export function storedHtml(html: string): { content: string; content_sanitizer: number } {
  return { content: sanitizeArticleHtml(html), content_sanitizer: SANITIZER_VERSION };
}

/**
 * Stored article HTML as served: as stored when this version's rules wrote it, else through the
 * sanitiser (a row written before a rule change, or by anything but this API, until it is rewritten).
 */
export function servedHtml(content: string, sanitizer: number): string {
  return Number(sanitizer) === SANITIZER_VERSION ? content : sanitizeArticleHtml(content);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Plain text of an HTML fragment (descriptions, empty-editor checks). */
export function htmlText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
