/**
 * Pasting from Word or WPS (spec section 9): the clipboard's HTML points its pictures at local files
 * (`<img src="file:///C:/…/clip_image001.png">`) that a browser may not read, while the same paste's
 * RTF carries the picture bytes in `{\pict … \pngblip … <hex>}` groups. These helpers pair the two,
 * in document order, so the pictures survive as inline images.
 */

export interface RtfImage {
  type: 'image/png' | 'image/jpeg';
  /** The picture bytes as lower-case hex. */
  hex: string;
}

/** The end of the group that opens at `start` (a `{`), or -1 when the RTF is cut short. */
function groupEnd(rtf: string, start: number): number {
  let depth = 0;
  for (let i = start; i < rtf.length; i++) {
    const ch = rtf[i];
    if (ch === '\\') {
      i++; // an escaped brace or backslash is text, not structure
      continue;
    }
    if (ch === '{') depth++;
    else if (ch === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Removes nested groups (`{\*\blipuid …}`, `{\picprop …}`) from a picture group's body. */
function stripNestedGroups(body: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '\\' && (body[i + 1] === '{' || body[i + 1] === '}' || body[i + 1] === '\\')) {
      if (depth === 0) out += ch + body[i + 1];
      i++;
    } else if (ch === '{') depth++;
    else if (ch === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += ch;
  }
  return out;
}

/**
 * The PNG and JPEG pictures of an RTF document, in order. Word also writes a WMF/EMF fallback of
 * each picture (inside `\nonshppict`); browsers cannot show those, so they are skipped and the
 * order still matches the HTML's pictures.
 */
export function extractRtfImages(rtf: string): RtfImage[] {
  const images: RtfImage[] = [];
  const pict = /\{\\pict\b/g;
  let match: RegExpExecArray | null;
  while ((match = pict.exec(rtf)) !== null) {
    const end = groupEnd(rtf, match.index);
    if (end < 0) break;
    const body = stripNestedGroups(rtf.slice(match.index + 1, end));
    pict.lastIndex = end;
    const type = /\\pngblip\b/.test(body) ? 'image/png' : /\\jpegblip\b/.test(body) ? 'image/jpeg' : null;
    if (!type) continue;
    // What is left after the control words (\picw1200, \bliptag-12345 …) is the hex of the bytes.
    const hex = body
      .replace(/\\[a-z]+-?\d* ?/gi, '')
      .replace(/[^0-9a-f]/gi, '')
      .toLowerCase();
    if (hex.length >= 16 && hex.length % 2 === 0) images.push({ type, hex });
  }
  return images;
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** `data:image/png;base64,…` for an RTF picture. */
export function rtfImageDataUrl(image: RtfImage): string {
  const bytes = hexToBytes(image.hex);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${image.type};base64,${btoa(binary)}`;
}

const LOCAL_IMG = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])(file:[^"']*)\2/gi;

/** How many pictures of the pasted HTML point at local files. */
export function countLocalImages(html: string): number {
  return html.match(LOCAL_IMG)?.length ?? 0;
}

/**
 * Replaces the HTML's local-file pictures, in order, with `sources` (one per picture; a picture
 * without a source is dropped rather than left pointing at the writer's disk). Office's VML copies
 * inside conditional comments go too, so every picture appears once.
 */
export function replaceLocalImages(html: string, sources: readonly string[]): string {
  let index = 0;
  const withoutVml = html.replace(/<!--\[if gte vml 1\]>[\s\S]*?<!\[endif\]-->/gi, '');
  return withoutVml.replace(/<img\b[^>]*>/gi, (tag) => {
    if (!/\bsrc\s*=\s*["']file:/i.test(tag)) return tag;
    const source = sources[index++];
    if (!source) return '';
    return tag.replace(LOCAL_IMG, (_m, head: string, quote: string) => `${head}${quote}${source}${quote}`);
  });
}
