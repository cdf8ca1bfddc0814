import { RESOURCES } from '@portal/api-client/admin-resources';
import type { Kysely } from 'kysely';
import type { Db } from '../db';
import { contains } from '../db/like';
import { TEXT } from '@portal/api-client/messages';

/**
 * Where a media-library file is used: every stored text that may hold an upload's address (image
 * and file fields, rich text, page data as JSON). A file in use is not deleted (issue 14), so no
 * page is left pointing at nothing. Deletes are rare: a scan of these columns is acceptable.
 */

interface Place {
  table: string;
  columns: readonly string[];
  /** Chinese name of the place, as the back office names it. */
  label: string;
  id: string;
  /** The column that names a record for people. */
  name: string;
}

const PLACES: readonly Place[] = [
  { table: 'articles', columns: ['thumb', 'content'], label: '文章', id: 'id', name: 'title' },
  { table: 'column_articles', columns: ['content'], label: TEXT.columnArticle, id: 'id', name: 'title' },
  { table: 'members', columns: ['avatar'], label: '会员头像', id: 'id', name: 'username' },
  { table: 'banners', columns: ['banner'], label: RESOURCES.banners.label, id: 'id', name: 'title' },
  { table: 'ads', columns: ['thumb'], label: RESOURCES.ads.label, id: 'slot', name: 'title' },
  { table: 'topics', columns: ['thumb'], label: RESOURCES.topics.label, id: 'id', name: 'title' },
  {
    table: 'videos',
    columns: ['url', 'thumb', 'list_thumb', 'index_thumb', 'iframe'],
    label: RESOURCES.videos.label,
    id: 'id',
    name: 'title',
  },
  {
    table: 'white_papers',
    columns: ['url', 'thumb'],
    label: RESOURCES['white-papers'].label,
    id: 'id',
    name: 'title',
  },
  { table: 'events', columns: ['thumb'], label: RESOURCES.events.label, id: 'id', name: 'title' },
  { table: 'weekly_reports', columns: ['adv_thumb'], label: RESOURCES.reports.label, id: 'id', name: 'week' },
  { table: 'experts', columns: ['avatar'], label: RESOURCES.experts.label, id: 'id', name: 'name' },
  {
    table: 'activity_forms',
    columns: ['banner'],
    label: RESOURCES.forms.label,
    id: 'activity_id',
    name: 'title',
  },
  { table: 'vendor_meets', columns: ['data'], label: RESOURCES.meets.label, id: 'id', name: 'name' },
  { table: 'partners', columns: ['base'], label: RESOURCES.partners.label, id: 'mark', name: 'mark' },
  {
    table: 'partner_items',
    columns: ['thumb', 'url'],
    label: RESOURCES.partners.label,
    id: 'id',
    name: 'mark',
  },
  { table: 'qrcodes', columns: ['img'], label: '页脚二维码', id: 'id', name: 'name' },
  { table: 'app_meta', columns: ['value'], label: RESOURCES.settings.label, id: 'key', name: 'key' },
];

export interface MediaUse {
  label: string;
  id: string;
  name: string;
}

/**
 * The file's name without its extension: the original and its variants (…-480w.webp) all carry it,
 * and it is a server-chosen random name, so it matches nothing else.
 */
export function mediaStem(key: string): string {
  const base = key.slice(key.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** The records that mention the file (at most `limit` per place), in the order of PLACES. */
export async function mediaUses(database: Db, key: string, limit = 3): Promise<MediaUse[]> {
  const stem = mediaStem(key);
  // Too short a stem would match unrelated text: such a key was not chosen by this server.
  if (stem.length < 8) return [];
  const db = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const found = await Promise.all(
    PLACES.map(async (p) => {
      const rows = await db
        .selectFrom(p.table)
        .select([`${p.id} as id`, `${p.name} as name`])
        .where((eb) => eb.or(p.columns.map((c) => contains(c, stem))))
        .limit(limit)
        .execute();
      return rows.map((r) => ({ label: p.label, id: String(r.id), name: String(r.name ?? '') }));
    }),
  );
  return found.flat();
}

/** "轮播图「春季大促」、文章「…」": the uses as the refusal names them. */
export function describeUses(uses: readonly MediaUse[]): string {
  return uses.map((u) => `${u.label}「${u.name || u.id}」`).join('、');
}
