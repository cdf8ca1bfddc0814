import type { Metadata, Sharp } from 'sharp';
import { loadSharp } from './sharp';
import { variantWidths, type VariantFormat } from '@portal/api-client/upload-images';

/**
 * Re-encoding of uploaded images (issues 11, 13, 14): only pixels survive (EXIF with GPS, XMP,
 * comments and anything appended to the file are dropped: sharp writes no metadata unless asked),
 * the orientation is applied first, and every decode is bounded by MAX_INPUT_PIXELS.
 */

/**
 * Largest image sharp may decode (width × height, all frames of an animation together): every
 * decode of an uploaded file passes it, so a small file that expands to gigapixels is refused.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export type ImageType = 'png' | 'jpeg' | 'gif' | 'webp';

export interface EncodedFile {
  /** '' for the original size, `-<w>w` for a narrower variant. */
  suffix: string;
  ext: VariantFormat | 'gif';
  mime: string;
  width: number;
  data: Buffer;
}

export interface EncodedImage {
  width: number;
  height: number;
  /** True when variants were made (still images); false for GIF and animations (one file). */
  variants: boolean;
  files: EncodedFile[];
}

const EXT: Record<ImageType, VariantFormat | 'gif'> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };
const MIME: Record<VariantFormat | 'gif', string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const encoders: Record<VariantFormat | 'gif', (img: Sharp) => Sharp> = {
  png: (img) => img.png({ compressionLevel: 9 }),
  jpg: (img) => img.jpeg({ quality: 85, mozjpeg: true }),
  gif: (img) => img.gif(),
  webp: (img) => img.webp({ quality: 82 }),
};

/** Thrown when the bytes are not a decodable image of the claimed type (the caller answers 400). */
export class NotAnImage extends Error {}

/**
 * Decodes `source` (a file path or bytes) as `type` and writes it again. Still images: the original
 * size in its own format and WebP, plus both formats at each UPLOAD_IMAGE_WIDTHS width below the
 * original. GIF and animated WebP: one re-encoded file with every frame (an editor inserts a GIF
 * for its animation), the pixels of all frames together counted against the limit.
 */
export async function encodeImage(
  source: string | Buffer,
  type: ImageType,
  { variants = true }: { variants?: boolean } = {},
): Promise<EncodedImage> {
  const animatable = type === 'gif' || type === 'webp';
  const sharp = await loadSharp();
  const open = (animated: boolean) =>
    sharp(source, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated });
  let meta: Metadata;
  try {
    meta = await open(animatable).metadata();
  } catch {
    throw new NotAnImage();
  }
  const format: string = meta.format === ('jpg' as string) ? 'jpeg' : meta.format;
  if (format !== type || !meta.width || !meta.height) throw new NotAnImage();
  const ext = EXT[type];
  try {
    if (type === 'gif' || (meta.pages ?? 1) > 1 || !variants) {
      const image = animatable ? open(true) : open(false).autoOrient();
      const data = await encoders[ext](image).toBuffer({ resolveWithObject: true });
      return {
        width: data.info.width,
        height: data.info.pageHeight ?? data.info.height,
        variants: false,
        files: [{ suffix: '', ext, mime: MIME[ext], width: data.info.width, data: data.data }],
      };
    }
    // Orientation applied: width and height are what the browser will draw.
    const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height };
    const formats: VariantFormat[] = ext === 'webp' ? ['webp'] : [ext as VariantFormat, 'webp'];
    const sizes = [...variantWidths(oriented.width), oriented.width];
    const files: EncodedFile[] = [];
    for (const width of sizes) {
      for (const f of formats) {
        let image = open(false).autoOrient();
        if (width !== oriented.width) image = image.resize({ width });
        const data = await encoders[f](image).toBuffer();
        files.push({
          suffix: width === oriented.width ? '' : `-${width}w`,
          ext: f,
          mime: MIME[f],
          width,
          data,
        });
      }
    }
    return { width: oriented.width, height: oriented.height, variants: true, files };
  } catch {
    throw new NotAnImage();
  }
}
