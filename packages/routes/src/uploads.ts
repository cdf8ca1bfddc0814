/**
 * Uploaded and seeded files (DESIGN.md section 2): served under this prefix by nginx and the gateway
 * from DATA_DIR/uploads when the file is on the local disk, otherwise by the API from the
 * configured store (STORAGE_URL). One definition of the path and of the headers they carry.
 */
export const UPLOADS_PREFIX = '/uploads';

/** Types a browser could run script in: they get the sandbox CSP below even if one was ever stored. */
export const SCRIPTABLE_UPLOAD = /\.(svg|html?|xhtml|xml)$/i;

/** Uploaded and seeded files can never run script, even an SVG opened directly. */
export const UPLOAD_CSP =
  "default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/** Cache lifetime of a public upload: names are chosen by the server and never reused. */
export const UPLOAD_MAX_AGE_S = 86_400;

/**
 * The raster rendition of a seeded SVG picture, written beside it (`x.svg` → `x.jpg`): share
 * scrapers and WeChat take no SVG. Any other address is returned as it is.
 */
export function rasterRendition(url: string): string {
  return url.toLowerCase().endsWith('.svg') ? `${url.slice(0, -4)}.jpg` : url;
}

/** The site's share picture (a configured file, or the one shipped), for pages without a picture of their own. */
export const SHARE_IMAGE_PATH = '/share.png';
