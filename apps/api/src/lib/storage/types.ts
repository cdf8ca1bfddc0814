import type { Readable } from 'node:stream';

/**
 * One storage interface for every uploaded or generated file (DESIGN.md section 9): avatars,
 * column and back office media, white paper PDFs. Keys are paths relative to DATA_DIR on the
 * local disk, and object keys in a bucket: `uploads/…` is public (served under /uploads/…),
 * `private/…` (paid white papers) is never served by URL and only streamed to entitled members.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Writes `body` at `key` (whole or not at all: readers never see half a file). */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The file's bytes (or the inclusive byte range) with its size and type, or null when absent. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** Size and type without the bytes, or null when absent. */
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; absent is fine. */
  delete(key: string): Promise<void>;
  /** Every file under `prefix` (`uploads/`, `private/`), for migrations and checks. */
  list(prefix: string): AsyncIterable<ListedObject>;
  close(): Promise<void>;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface ObjectInfo {
  size: number;
  contentType: string;
}

export interface StoredObject extends ObjectInfo {
  stream: Readable;
  /** Bytes in `stream` (the range's length when a range was asked for). */
  length: number;
}

export interface ListedObject {
  key: string;
  size: number;
}

/** The two trees a key may live in. */
export const STORE_TREES = ['uploads', 'private'] as const;
export const PUBLIC_TREE = 'uploads';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** True for `uploads/…` or `private/…` keys made of plain segments (no `..`, no dot files, no `//`). */
export function isValidKey(key: string): boolean {
  if (key.length > 512) return false;
  const parts = key.split('/');
  if (parts.length < 2 || !(STORE_TREES as readonly string[]).includes(parts[0])) return false;
  return parts.slice(1).every((p) => SEGMENT.test(p) && p !== '.' && p !== '..');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};

/** The type a key's extension implies: the local disk's, and S3's for an object stored without one. */
export function typeOfKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[ext] ?? 'application/octet-stream';
}

/** `/uploads/a/b.png` → `uploads/a/b.png`, or null for anything that is not a valid public key. */
export function keyOfUploadUrl(url: string): string | null {
  if (!url.startsWith(`/${PUBLIC_TREE}/`)) return null;
  const key = url.slice(1);
  return isValidKey(key) ? key : null;
}

export function urlOfKey(key: string): string {
  return `/${key}`;
}
