/**
 * Uploaded images and their variants (issues 13/14): the server re-encodes every still image into
 * its own format and WebP at these widths (never wider than the original), and names the files so
 * a page can write `srcset`, `width` and `height` from the URL alone, with no extra field in any
 * response:
 *
 *   /uploads/<area>/<yyyymm>/<uuid>_<W>x<H>.<ext>         the original size (W×H after orientation)
 *   /uploads/<area>/<yyyymm>/<uuid>_<W>x<H>.webp          the same in WebP
 *   /uploads/<area>/<yyyymm>/<uuid>_<W>x<H>-<w>w.<ext>    each width w < W of UPLOAD_IMAGE_WIDTHS
 *   /uploads/<area>/<yyyymm>/<uuid>_<W>x<H>-<w>w.webp
 *
 * Widths: desktop list cards draw thumbnails 190–240 CSS px wide, phone cards about 120, both at
 * 2× on most screens (so 240 and 480); article header and body images are at most 960 wide.
 */
export const UPLOAD_IMAGE_WIDTHS = [240, 480, 960] as const;

/** Formats a variant set is written in (GIF and animations are kept as one re-encoded file). */
export type VariantFormat = 'jpg' | 'png' | 'webp';

const NAME =
  /^(\/uploads\/[a-z]+(?:\/[0-9]{6})?\/[0-9a-f-]{36}_([1-9][0-9]{0,4})x([1-9][0-9]{0,4}))\.(jpg|png|webp)$/;

/** The base name (without extension) of an upload with variants: `<uuid>_<W>x<H>`. */
export function variantBaseName(id: string, width: number, height: number): string {
  return `${id}_${width}x${height}`;
}

/** Widths of UPLOAD_IMAGE_WIDTHS below the original's (each has a variant). */
export function variantWidths(originalWidth: number): number[] {
  return UPLOAD_IMAGE_WIDTHS.filter((w) => w < originalWidth);
}

export interface UploadImageInfo {
  width: number;
  height: number;
  /** `url 240w, url 480w, …, original W w` in the original format. */
  srcSet: string;
  /** The same widths in WebP. */
  webpSrcSet: string;
}

/**
 * For the URL of an uploaded image with variants: its size and srcsets; null for anything else
 * (seeded images, GIFs, external or malformed URLs), which pages draw as before.
 */
export function uploadImageInfo(url: string | null | undefined): UploadImageInfo | null {
  const m = url ? NAME.exec(url) : null;
  if (!m) return null;
  const [, base, w, h, ext] = m;
  const width = Number(w);
  const height = Number(h);
  const set = (e: string) =>
    [...variantWidths(width).map((v) => `${base}-${v}w.${e} ${v}w`), `${base}.${e} ${width}w`].join(', ');
  return { width, height, srcSet: set(ext), webpSrcSet: set('webp') };
}
