import type { MediaItem, MediaKind, Paged } from '@portal/api-client/admin';
import type { Db } from '../db';
import { PUBLIC_TREE, urlOfKey } from '../lib/storage';
import { pageOf, paged } from './paging';

/** The media library (migration 007): every stored upload with what the back office shows of it. */

interface NewMedia {
  key: string;
  kind: MediaKind;
  originalName: string;
  contentType: string;
  bytes: number;
  width: number | null;
  height: number | null;
  variants: string[];
  uploadedBy: string;
}

interface MediaRow {
  id: number;
  key: string;
  kind: string;
  original_name: string;
  content_type: string;
  bytes: number | string;
  width: number | null;
  height: number | null;
  variants: string;
  uploaded_by: string;
  created_at: number | string;
}

function parseKeys(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function toItem(row: MediaRow): MediaItem {
  return {
    id: Number(row.id),
    kind: row.kind as MediaKind,
    url: urlOfKey(row.key),
    public: row.key.startsWith(`${PUBLIC_TREE}/`),
    originalName: row.original_name,
    contentType: row.content_type,
    bytes: Number(row.bytes),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    variants: parseKeys(row.variants).map(urlOfKey),
    uploadedBy: row.uploaded_by,
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

async function insertMedia(database: Db, media: NewMedia, now: number): Promise<MediaItem> {
  const row = await database.db
    .insertInto('media')
    .values({
      key: media.key,
      kind: media.kind,
      original_name: media.originalName.slice(0, 200),
      content_type: media.contentType,
      bytes: media.bytes,
      width: media.width,
      height: media.height,
      variants: JSON.stringify(media.variants),
      uploaded_by: media.uploadedBy,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toItem(row);
}

export async function listMedia(
  database: Db,
  q: { kind?: MediaKind; page: number; pageSize: number },
): Promise<Paged<MediaItem>> {
  let query = database.db.selectFrom('media');
  if (q.kind) query = query.where('kind', '=', q.kind);
  const { rows, total } = await paged(
    query,
    (all) => all.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    pageOf(q.page, q.pageSize),
  );
  return { total, items: rows.map(toItem) };
}

/** The row and every key it owns (original first), or null. */
export async function getMediaKeys(
  database: Db,
  id: number,
): Promise<{ item: MediaItem; keys: string[] } | null> {
  const row = await database.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { item: toItem(row), keys: [row.key, ...parseKeys(row.variants)] } : null;
}

/** True when this call removed the row (a concurrent delete answers false). */
export async function deleteMedia(database: Db, id: number): Promise<boolean> {
  const res = await database.db.deleteFrom('media').where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Records a file stored by lib/uploads (editor and column uploads) in the library. */
export async function recordUpload(
  database: Db,
  stored: {
    key: string;
    mime: string;
    bytes: number;
    width: number | null;
    height: number | null;
    variants: string[];
  },
  originalName: string,
  uploadedBy: string,
  now: number,
): Promise<MediaItem> {
  const kind: MediaKind = stored.mime.startsWith('video/')
    ? 'video'
    : stored.mime === 'application/pdf'
      ? 'pdf'
      : 'image';
  return insertMedia(database, { ...stored, kind, contentType: stored.mime, originalName, uploadedBy }, now);
}
