import { sql } from 'kysely';
import { NewsStatus } from '@portal/api-client/constants';
import type { Db } from '../db';

/**
 * What the sitemaps list, read so that a million articles never sit in memory: the published
 * articles fall into files by id range (file n holds ids [n·size, (n+1)·size)), so a file never
 * holds more than `size` URLs, an article never moves to another file, and a publish changes only
 * its own file's lastmod. Each file is read in pages along the primary key.
 */

export interface SitemapPart {
  /** File number: ids [part·size, (part+1)·size). */
  part: number;
  /** Published articles in it. */
  count: number;
  /** Epoch ms of its newest publish or edit. */
  lastmod: number;
}

/** The files that hold at least one published article, in order, with their counts and lastmods. */
export async function sitemapParts(database: Db, size: number): Promise<SitemapPart[]> {
  // An integer literal, not a parameter: PostgreSQL matches the GROUP BY expression to the select's.
  const part = sql<number>`id / ${sql.lit(Math.floor(size))}`;
  const rows = await database.db
    .selectFrom('articles')
    .select((eb) => [
      part.as('part'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('created_at').as('created'),
      eb.fn.max('updated_at').as('updated'),
    ])
    .where('status', '=', NewsStatus.Published)
    .groupBy(part)
    .orderBy(part)
    .execute();
  return rows.map((r) => ({
    part: Number(r.part),
    count: Number(r.n),
    lastmod: Math.max(Number(r.created ?? 0), Number(r.updated ?? 0)),
  }));
}

export interface SitemapArticle {
  id: number;
  cat_id: number;
  /** Epoch ms of its publish or last edit, whichever is later. */
  lastmod: number;
}

/** The published articles of one file, a page of `batch` rows at a time along the primary key. */
export async function* sitemapArticles(
  database: Db,
  part: number,
  size: number,
  batch: number,
): AsyncGenerator<SitemapArticle[]> {
  const end = (part + 1) * size;
  let after = part * size - 1;
  for (;;) {
    const rows = await database.db
      .selectFrom('articles')
      .select(['id', 'cat_id', 'created_at', 'updated_at'])
      .where('status', '=', NewsStatus.Published)
      .where('id', '>', after)
      .where('id', '<', end)
      .orderBy('id')
      .limit(batch)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: Number(r.id),
      cat_id: Number(r.cat_id),
      lastmod: Math.max(Number(r.created_at), Number(r.updated_at ?? 0)),
    }));
    if (rows.length < batch) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** Videos for the pages file (a few hundred at most), newest first, with their times. */
export async function sitemapVideos(database: Db): Promise<{ id: number; created_at: number }[]> {
  const rows = await database.db
    .selectFrom('videos')
    .select(['id', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), created_at: Number(r.created_at) }));
}
