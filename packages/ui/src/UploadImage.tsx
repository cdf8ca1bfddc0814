import type { ImgHTMLAttributes } from 'react';
import { uploadImageInfo } from '@portal/api-client/upload-images';

export interface UploadImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes'
> {
  src: string;
  /** How wide the image is drawn (CSS `sizes`), so the browser picks the smallest width that is sharp. */
  sizes: string;
}

/** A 1x1 transparent GIF: a valid src that costs no request. */
const EMPTY_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/**
 * An image that may come from an upload (issues 13/14). For an uploaded image with variants (its
 * URL names its size, see @portal/api-client/upload-images) it renders WebP and original-format
 * `srcset`s and `width`/`height` (the caller's box when given, else the image's own), so the
 * browser downloads no more pixels than it draws and the layout never shifts. Any other URL
 * (seeded images, GIFs, external) renders a plain `<img>`, as before.
 */
export function UploadImage({ src, sizes, width, height, alt = '', ...rest }: UploadImageProps) {
  const info = uploadImageInfo(src);
  // An item without a picture (thumb ''): an empty box. Not src="" (it re-requests the page) and not
  // an img without src (invalid HTML): a transparent pixel inline, which the box stretches.
  if (!info) return <img src={src || EMPTY_PIXEL} width={width} height={height} alt={alt} {...rest} />;
  return (
    // `display: contents`: the picture adds no box, so the card's CSS for its img still applies.
    <picture style={{ display: 'contents' }}>
      <source type="image/webp" srcSet={info.webpSrcSet} sizes={sizes} />
      <img
        src={src}
        srcSet={info.srcSet}
        sizes={sizes}
        width={width ?? info.width}
        height={height ?? info.height}
        alt={alt}
        {...rest}
      />
    </picture>
  );
}
