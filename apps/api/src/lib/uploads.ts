import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { ErrorCode } from '@portal/api-client/codes';
import { AVATAR_MAX_BYTES, EDITOR_UPLOAD_MAX_BYTES } from '@portal/api-client/constants';
import { MSG } from '@portal/api-client/schemas';
import { ApiError } from './envelope';

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
  if (ascii(4, 'ftyp')) return 'mp4';
  // Matroska/EBML header whose DocType is "webm".
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3]) && head.subarray(0, 64).includes(Buffer.from('webm'))) return 'webm';
  return null;
}

export interface ReceivedFile {
  /** Temporary path of the streamed bytes (deleted by `discard`). */
  tmpPath: string;
  size: number;
  /** The client's file name: only for logs, never used on disk. */
  clientName: string;
  tooLarge: boolean;
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
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) {
        tooLarge = true;
        done(); // stop writing; the rest is drained below without being stored
        return;
      }
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
  return { tmpPath, size, clientName, tooLarge };
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
      const image = sharp(received.tmpPath, { failOn: 'error', limitInputPixels: 40_000_000 })
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

/**
 * Validates and stores an editor upload: PNG/JPEG/GIF/WEBP images (header decoded by sharp,
 * bounded pixel count) or MP4/WEBM videos (container magic), at most EDITOR_UPLOAD_MAX_BYTES.
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
    if (!type) throw rejected(EDITOR_FORMAT_MSG);
    if (type !== 'mp4' && type !== 'webm') {
      try {
        const meta = await sharp(received.tmpPath, {
          failOn: 'error',
          limitInputPixels: 100_000_000,
        }).metadata();
        const format: string = meta.format === ('jpg' as string) ? 'jpeg' : meta.format;
        if (format !== type || !meta.width || !meta.height) throw new Error('format mismatch');
      } catch {
        throw rejected(EDITOR_FORMAT_MSG);
      }
    }
    const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
    const dir = path.join(uploadsDir, 'editor', month);
    await fs.mkdir(dir, { recursive: true });
    const name = `${randomUUID()}.${EXT[type]}`;
    await fs.rename(received.tmpPath, path.join(dir, name));
    await fs.chmod(path.join(dir, name), 0o644);
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
