import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createReadStream } from 'node:fs';
import type { OutputInfo } from 'sharp';
import { loadSharp } from './sharp';
import { variantBaseName } from '@portal/api-client/upload-images';
import { ErrorCode } from '@portal/api-client/codes';
import { AVATAR_MAX_BYTES, EDITOR_UPLOAD_MAX_BYTES } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/schemas';
import type { RateLimiter } from './rate-limit';
import type { DecodeQueue } from './decode-queue';
import { ApiError } from './envelope';
import { encodeImage, MAX_INPUT_PIXELS, NotAnImage, type ImageType } from './images';
import { isWebmHeader, Mp4Probe } from './media-check';
import { keyOfUploadUrl, urlOfKey, type FileStore } from './storage';

/**
 * Member uploads (DESIGN.md sections 3 and 5): the size limit is enforced while the bytes stream
 * in, the real type comes from the bytes (magic numbers, then decoding images), the name on disk
 * is chosen by the server, and SVG/HTML never pass. Files go to the file store (lib/storage) under
 * uploads/<area>/ and are served under /uploads/.
 */

export const AVATAR_FORMAT_MSG = MSG.avatarType;
export const AVATAR_SIZE_MSG = MSG.avatarSize;
export const EDITOR_FORMAT_MSG = '只能上传 PNG、JPG、GIF、WEBP 图片或 MP4、WEBM 视频';
export const EDITOR_SIZE_MSG = MSG.editorFileTooLarge;
export const UPLOAD_MISSING_MSG = '请选择要上传的文件';

/**
 * Uploads per member (or editor) and hour, every upload call together (issue 11): files are counted
 * when their first byte is about to be read, bytes are reserved from the request's declared length.
 * A member's minute is capped too (issue 23, item 11), below the decode queue's places: one member
 * alone cannot fill the line that every member's uploads share.
 */
export const UPLOAD_LIMITS = {
  filesPerMinute: 10,
  minuteMs: 60_000,
  filesPerHour: 60,
  bytesPerHour: 500 * 1024 * 1024,
  windowMs: 3600_000,
} as const;
export const UPLOAD_RATE_MSG = `上传过于频繁，每分钟最多上传 ${UPLOAD_LIMITS.filesPerMinute} 个文件，请稍后再试`;
export const UPLOAD_FILES_LIMIT_MSG = `上传过于频繁，每小时最多上传 ${UPLOAD_LIMITS.filesPerHour} 个文件，请稍后再试`;
export const UPLOAD_BYTES_LIMIT_MSG = `上传总量已达上限，每小时最多上传 ${UPLOAD_LIMITS.bytesPerHour / 1024 / 1024}MB，请稍后再试`;

/** The limiter key of a member's per-minute count (tests step past a window by resetting it). */
export const uploadRateKey = (memberId: number): string => `upload:minute:member:${memberId}`;

/** Partial uploads older than this in the temp folder belong to no live request (swept). */
export const STALE_UPLOAD_MS = 3600_000;

/**
 * Counts one upload against the member's minute, or answers 10008. Called before chargeUploadBudget,
 * so a burst refused here spends none of the hour. Raised and checked in one step: parallel requests
 * cannot all see room.
 */
export async function chargeMemberUploadRate(limiter: RateLimiter, memberId: number): Promise<void> {
  const { filesPerMinute, minuteMs } = UPLOAD_LIMITS;
  await limiter.consume(uploadRateKey(memberId), filesPerMinute, minuteMs, UPLOAD_RATE_MSG);
}

/**
 * Counts one upload of at most `bytes` against the uploader's hourly budget, or answers 10008.
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
  /** Public URL under /uploads (the original size). */
  url: string;
  /** Its store key. */
  key: string;
  type: SniffedType;
  mime: string;
  /** Bytes of the stored original. */
  bytes: number;
  /** Pixel size of still images and animations (null for video). */
  width: number | null;
  height: number | null;
  /** Every other key written for this upload (WebP and narrower variants). */
  variants: string[];
}

/** Avatar files are named `<member id>-<uuid>.<ext>` so ownership is checkable from the URL. */
export const AVATAR_URL = /^\/uploads\/avatars\/(\d+)-[0-9a-f-]{36}\.(png|jpg)$/;

/**
 * Validates and stores an avatar: PNG or JPEG by magic bytes, fully decoded and re-encoded by
 * sharp (which proves it is an image and drops metadata such as GPS EXIF), at most 512 px. The
 * decode waits for a slot of `decodes` (10503 when its line is full).
 */
export async function storeAvatar(
  received: ReceivedFile,
  store: FileStore,
  decodes: DecodeQueue,
  memberId: number,
): Promise<StoredFile> {
  try {
    if (received.tooLarge || received.size > AVATAR_MAX_BYTES) throw rejected(AVATAR_SIZE_MSG);
    if (received.size === 0) throw rejected(UPLOAD_MISSING_MSG);
    const type = sniffType(await readHead(received.tmpPath));
    if (type !== 'png' && type !== 'jpeg') throw rejected(AVATAR_FORMAT_MSG);
    const key = `uploads/avatars/${memberId}-${randomUUID()}.${EXT[type]}`;
    const sharp = await loadSharp();
    const { data, info } = await decodes.run(async (): Promise<{ data: Buffer; info: OutputInfo }> => {
      try {
        const image = sharp(received.tmpPath, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize(512, 512, { fit: 'cover', withoutEnlargement: true });
        return await (type === 'png' ? image.png() : image.jpeg({ quality: 88 })).toBuffer({
          resolveWithObject: true,
        });
      } catch {
        throw rejected(AVATAR_FORMAT_MSG);
      }
    });
    await store.put(key, data, MIME[type]);
    return {
      url: urlOfKey(key),
      key,
      type,
      mime: MIME[type],
      bytes: data.length,
      width: info.width,
      height: info.height,
      variants: [],
    };
  } finally {
    await discard(received);
  }
}

export interface StoreMediaOptions {
  /** Folder under uploads/: `editor` (rich text and column thumbnails), `media` (the library). */
  area?: 'editor' | 'media';
  now?: number;
  /** Types accepted (default: images and both videos). */
  accept?: readonly SniffedType[];
  maxBytes?: number;
  formatMsg?: string;
  sizeMsg?: string;
}

/**
 * Validates and stores an editor upload, at most EDITOR_UPLOAD_MAX_BYTES: PNG/JPEG/GIF/WEBP
 * images are decoded and re-encoded with their WebP and narrower variants (lib/images.ts; the
 * name carries the size, see @portal/api-client/upload-images) in one slot of `decodes`; MP4 is
 * kept only when its box structure parsed, WEBM only with a valid EBML header (lib/media-check.ts).
 */
export async function storeEditorFile(
  received: ReceivedFile,
  store: FileStore,
  decodes: DecodeQueue,
  options: StoreMediaOptions = {},
): Promise<StoredFile> {
  const {
    area = 'editor',
    now = Date.now(),
    accept,
    maxBytes = EDITOR_UPLOAD_MAX_BYTES,
    formatMsg = EDITOR_FORMAT_MSG,
    sizeMsg = EDITOR_SIZE_MSG,
  } = options;
  try {
    if (received.tooLarge || received.size > maxBytes) throw rejected(sizeMsg);
    if (received.size === 0) throw rejected(UPLOAD_MISSING_MSG);
    const type = sniffType(await readHead(received.tmpPath));
    if (!type || (type === 'mp4' && !received.isMp4) || (accept && !accept.includes(type)))
      throw rejected(formatMsg);
    const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
    const dir = `uploads/${area}/${month}`;
    const id = randomUUID();
    if (type === 'mp4' || type === 'webm') {
      const key = `${dir}/${id}.${EXT[type]}`;
      await store.put(key, createReadStream(received.tmpPath), MIME[type]);
      return {
        url: urlOfKey(key),
        key,
        type,
        mime: MIME[type],
        bytes: received.size,
        width: null,
        height: null,
        variants: [],
      };
    }
    const encoded = await decodes.run(async () => {
      try {
        return await encodeImage(received.tmpPath, type as ImageType);
      } catch (err) {
        if (err instanceof NotAnImage) throw rejected(formatMsg);
        throw err;
      }
    });
    const base = encoded.variants ? variantBaseName(id, encoded.width, encoded.height) : id;
    const keys = encoded.files.map((f) => `${dir}/${base}${f.suffix}.${f.ext}`);
    const written: string[] = [];
    try {
      for (const [i, f] of encoded.files.entries()) {
        await store.put(keys[i], f.data, f.mime);
        written.push(keys[i]);
      }
    } catch (err) {
      await Promise.all(written.map((k) => store.delete(k).catch(() => {})));
      throw err;
    }
    const original = encoded.files.findIndex((f) => f.suffix === '' && f.ext === EXT[type]);
    return {
      url: urlOfKey(keys[original]),
      key: keys[original],
      type,
      mime: MIME[type],
      bytes: encoded.files[original].data.length,
      width: encoded.width,
      height: encoded.height,
      variants: keys.filter((_, i) => i !== original),
    };
  } finally {
    await discard(received);
  }
}

/** True when `url` is an avatar this member uploaded and it still exists in the store. */
export async function isOwnAvatar(url: string, memberId: number, store: FileStore): Promise<boolean> {
  const m = AVATAR_URL.exec(url);
  const key = keyOfUploadUrl(url);
  if (!m || !key || Number(m[1]) !== memberId) return false;
  return store.exists(key);
}
