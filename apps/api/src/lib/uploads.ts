import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp, { type Sharp } from 'sharp';
import { ErrorCode } from '@portal/api-client/codes';
import { AVATAR_MAX_BYTES, EDITOR_UPLOAD_MAX_BYTES } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/schemas';
import type { RateLimiter } from '../plugins/rate-limit';
import { ApiError } from './envelope';
import { isWebmHeader, Mp4Probe } from './media-check';

/**
 * Member uploads (DESIGN.md sections 3 and 5): the size limit is enforced while the bytes stream
 * in, the real type comes from the bytes (magic numbers, then decoding images), the name on disk
 * is chosen by the server, and SVG/HTML never pass. Files land in DATA_DIR/uploads/<area>/ and
 * are served by the gateway under /uploads/.
 */

export const AVATAR_FORMAT_MSG = MSG.avatarType;
export const AVATAR_SIZE_MSG = MSG.avatarSize;
export const EDITOR_FORMAT_MSG = '只能上传 PNG、JPG、GIF、WEBP 图片或 MP4、WEBM 视频';
export const EDITOR_SIZE_MSG = '上传文件大小不能超过 50MB';
export const UPLOAD_MISSING_MSG = '请选择要上传的文件';

/**
 * Uploads per member and hour, both calls together (issue 11): files are counted when their
 * first byte is about to be read, bytes are reserved from the request's declared length.
 */
export const UPLOAD_LIMITS = {
  filesPerHour: 60,
  bytesPerHour: 500 * 1024 * 1024,
  windowMs: 3600_000,
} as const;
export const UPLOAD_FILES_LIMIT_MSG = `上传过于频繁，每小时最多上传 ${UPLOAD_LIMITS.filesPerHour} 个文件，请稍后再试`;
export const UPLOAD_BYTES_LIMIT_MSG = `上传总量已达上限，每小时最多上传 ${UPLOAD_LIMITS.bytesPerHour / 1024 / 1024}MB，请稍后再试`;

/**
 * Largest image sharp may decode (width × height, all frames of an animation together): every
 * decode of a member's file passes it, so a small file that expands to gigapixels is refused.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Partial uploads older than this in the temp folder belong to no live request (swept). */
export const STALE_UPLOAD_MS = 3600_000;

/**
 * Counts one upload of at most `bytes` against the member's hourly budget, or answers 10008.
 * Called before the file's first byte is read.
 */
export async function chargeUploadBudget(
  limiter: RateLimiter,
  /** Whose budget: `member:<id>` or `editor:<id>`. */
  uploader: string,
  bytes: number,
): Promise<void> {
  const { filesPerHour, bytesPerHour, windowMs } = UPLOAD_LIMITS;
  await limiter.consume(`upload:files:${uploader}`, filesPerHour, windowMs, UPLOAD_FILES_LIMIT_MSG);
  await limiter.consume(`upload:bytes:${uploader}`, bytesPerHour, windowMs, UPLOAD_BYTES_LIMIT_MSG, bytes);
}

/** Where multipart files stream before they are checked (inside DATA_DIR/uploads, same file system). */
export function uploadTmpDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', '.tmp');
}

/**
 * Removes partial uploads a stopped process left in `tmpDir`. Only old ones: another process
 * sharing DATA_DIR may be receiving a file right now (its .part file's mtime moves as it grows).
 */
export async function sweepStaleUploads(tmpDir: string, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(tmpDir);
  } catch {
    return 0; // no temp folder yet
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    try {
      const stat = await fs.lstat(file);
      if (stat.isFile() && now - stat.mtimeMs > STALE_UPLOAD_MS) {
        await fs.rm(file, { force: true });
        removed += 1;
      }
    } catch {
      // Gone meanwhile (another process swept it): nothing to do.
    }
  }
  return removed;
}

export type SniffedType = 'png' | 'jpeg' | 'gif' | 'webp' | 'mp4' | 'webm';
const MIME: Record<SniffedType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
};
const EXT: Record<SniffedType, string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  mp4: 'mp4',
  webm: 'webm',
};

/** The real type from the first bytes, or null (SVG, HTML, scripts and anything else). */
export function sniffType(head: Buffer): SniffedType | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, text: string) =>
    head.subarray(offset, offset + text.length).toString('latin1') === text;
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  // A candidate only: storeEditorFile accepts it when the whole box structure parsed (isMp4).
  if (ascii(4, 'ftyp')) return 'mp4';
  if (isWebmHeader(head)) return 'webm';
  return null;
}

export interface ReceivedFile {
  /** Temporary path of the streamed bytes (deleted by `discard`). */
  tmpPath: string;
  size: number;
  /** The client's file name: only for logs, never used on disk. */
  clientName: string;
  tooLarge: boolean;
  /** The bytes parse as a complete MP4 (ISO-BMFF walk while they streamed in). */
  isMp4: boolean;
}

/** Streams one multipart file to a temporary file, stopping as soon as it exceeds `maxBytes`. */
export async function receiveToTemp(
  stream: Readable,
  tmpDir: string,
  maxBytes: number,
  clientName = '',
): Promise<ReceivedFile> {
  await fs.mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, `${randomUUID()}.part`);
  let size = 0;
  let tooLarge = false;
  const mp4 = new Mp4Probe();
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        done(); // stop writing; the rest is drained below without being stored
        return;
      }
      mp4.push(chunk);
      done(null, chunk);
    },
  });
  const sink = createWriteStream(tmpPath, { mode: 0o600 });
  try {
    await pipeline(
      stream,
      async function* limit(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          if (tooLarge) continue; // keep draining the request so the connection stays usable
          yield chunk;
        }
      },
      counter,
      sink,
    );
  } catch (err) {
    // The sink may still be opening its file: remove it only once it has closed.
    if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
    await fs.rm(tmpPath, { force: true });
    throw err;
  }
  // busboy truncates at its own limit too (set a little above ours): either way it is too large.
  if ((stream as Readable & { truncated?: boolean }).truncated) tooLarge = true;
  return { tmpPath, size, clientName, tooLarge, isMp4: !tooLarge && mp4.finish(size) };
}

export async function discard(file: ReceivedFile | undefined): Promise<void> {
  if (file) await fs.rm(file.tmpPath, { force: true });
}

async function readHead(file: string, bytes = 4100): Promise<Buffer> {
  const fh = await fs.open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

const rejected = (msg: string) => new ApiError(ErrorCode.UploadRejected, msg);

export interface StoredFile {
  /** Public URL under /uploads. */
  url: string;
  type: SniffedType;
  mime: string;
}

/** Avatar files are named `<member id>-<uuid>.<ext>` so ownership is checkable from the URL. */
export const AVATAR_URL = /^\/uploads\/avatars\/(\d+)-[0-9a-f-]{36}\.(png|jpg)$/;

/**
 * Validates and stores an avatar: PNG or JPEG by magic bytes, fully decoded and re-encoded by
 * sharp (which proves it is an image and drops metadata such as GPS EXIF), at most 512 px.
 */
export async function storeAvatar(
  received: ReceivedFile,
  uploadsDir: string,
  memberId: number,
): Promise<StoredFile> {
  try {
    if (received.tooLarge || received.size > AVATAR_MAX_BYTES) throw rejected(AVATAR_SIZE_MSG);
    if (received.size === 0) throw rejected(UPLOAD_MISSING_MSG);
    const type = sniffType(await readHead(received.tmpPath));
    if (type !== 'png' && type !== 'jpeg') throw rejected(AVATAR_FORMAT_MSG);
    const dir = path.join(uploadsDir, 'avatars');
    await fs.mkdir(dir, { recursive: true });
    const name = `${memberId}-${randomUUID()}.${EXT[type]}`;
    try {
      const image = sharp(received.tmpPath, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(512, 512, { fit: 'cover', withoutEnlargement: true });
      await (type === 'png' ? image.png() : image.jpeg({ quality: 88 })).toFile(path.join(dir, name));
    } catch {
      await fs.rm(path.join(dir, name), { force: true });
      throw rejected(AVATAR_FORMAT_MSG);
    }
    return { url: `/uploads/avatars/${name}`, type, mime: MIME[type] };
  } finally {
    await discard(received);
  }
}

type ImageType = Exclude<SniffedType, 'mp4' | 'webm'>;

/**
 * Decodes an editor image and writes it again to `dest` in its own format: only pixels survive
 * (EXIF with GPS, XMP, comments and anything appended to the file are dropped), the orientation is
 * applied first, and the decode is bounded by MAX_INPUT_PIXELS. Animated GIF and WebP keep their
 * frames (an animation is what an editor inserts a GIF for); with `animated` libvips counts the
 * pixels of all frames together against the limit, so a long animation is refused too.
 */
async function reencodeImage(source: string, type: ImageType, dest: string): Promise<void> {
  const animated = type === 'gif' || type === 'webp';
  const input = sharp(source, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated });
  const meta = await input.metadata();
  const format: string = meta.format === ('jpg' as string) ? 'jpeg' : meta.format;
  if (format !== type || !meta.width || !meta.height) throw new Error('format mismatch');
  const image = animated ? input : input.autoOrient();
  const encoders: Record<ImageType, (img: Sharp) => Sharp> = {
    png: (img) => img.png(),
    jpeg: (img) => img.jpeg({ quality: 88 }),
    gif: (img) => img.gif(),
    webp: (img) => img.webp({ quality: 88 }),
  };
  await encoders[type](image).toFile(dest);
}

/**
 * Validates and stores an editor upload, at most EDITOR_UPLOAD_MAX_BYTES: PNG/JPEG/GIF/WEBP
 * images are decoded and re-encoded (reencodeImage); MP4 is kept only when its box structure
 * parsed, WEBM only with a valid EBML header (lib/media-check.ts).
 */
export async function storeEditorFile(
  received: ReceivedFile,
  uploadsDir: string,
  now = Date.now(),
): Promise<StoredFile> {
  try {
    if (received.tooLarge || received.size > EDITOR_UPLOAD_MAX_BYTES) throw rejected(EDITOR_SIZE_MSG);
    if (received.size === 0) throw rejected(UPLOAD_MISSING_MSG);
    const type = sniffType(await readHead(received.tmpPath));
    if (!type || (type === 'mp4' && !received.isMp4)) throw rejected(EDITOR_FORMAT_MSG);
    const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
    const dir = path.join(uploadsDir, 'editor', month);
    await fs.mkdir(dir, { recursive: true });
    const name = `${randomUUID()}.${EXT[type]}`;
    const dest = path.join(dir, name);
    if (type === 'mp4' || type === 'webm') {
      await fs.rename(received.tmpPath, dest);
    } else {
      try {
        await reencodeImage(received.tmpPath, type, dest);
      } catch {
        await fs.rm(dest, { force: true });
        throw rejected(EDITOR_FORMAT_MSG);
      }
    }
    await fs.chmod(dest, 0o644);
    return { url: `/uploads/editor/${month}/${name}`, type, mime: MIME[type] };
  } finally {
    await discard(received);
  }
}

/** True when `url` is an avatar this member uploaded and it still exists on disk. */
export async function isOwnAvatar(url: string, memberId: number, uploadsDir: string): Promise<boolean> {
  const m = AVATAR_URL.exec(url);
  if (!m || Number(m[1]) !== memberId) return false;
  try {
    const stat = await fs.stat(path.join(uploadsDir, url.slice('/uploads/'.length)));
    return stat.isFile();
  } catch {
    return false;
  }
}
