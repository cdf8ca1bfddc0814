import { NewsStatus } from '@portal/api-client/constants';
import { SANITIZER_VERSION, sanitizeArticleHtml } from '../lib/sanitize';
import { writeTxDb } from './write-tx';
import type { Db } from '../db';
import { indexArticles, removeFromIndex } from '../db/search-index';

/**
 * The migration-like step behind "sanitise once, when written" (issue 15): stored article HTML
 * whose `content_sanitizer` is not this build's SANITIZER_VERSION (rows from before migration 010,
 * from a restored backup, or from before a rule change) is sanitised again and stamped with it.
 * It runs at every API start (in the background: reads sanitise such rows until then, see
 * lib/sanitize.ts servedHtml) and as `pnpm admin resanitize`.
 *
 * In batches found on the (content_sanitizer, id) index, each committed on its own: memory stays
 * bounded at any table size, and a stopped run resumes where it ended (the stamps are the progress).
 * A row changed by a writer between the read and the write is left for the next batch.
 */

/** The tables holding article HTML (each has `content` and `content_sanitizer`). */
const TABLES = ['articles', 'column_articles'] as const;
type HtmlTable = (typeof TABLES)[number];

/**
 * Rows per batch: one write transaction each. Sanitising a batch holds the event loop (about 1 ms
 * per article), so batches stay small enough for a serving process to answer in between.
 */
const RESANITIZE_BATCH = 100;

export interface ResanitizeOptions {
  batch?: number;
  log?: (msg: string) => void;
  /** Asked between batches: true ends the run (the server is closing). */
  stopped?: () => boolean;
}

export interface ResanitizeResult {
  /** Rows stamped with the current version, per table. */
  rows: Record<HtmlTable, number>;
  /** Of those, rows whose HTML the current rules changed. */
  changed: number;
}

/** Sanitises every stored row of another sanitiser version again; see the module comment. */
export async function resanitizeStored(
  database: Db,
  options: ResanitizeOptions = {},
): Promise<ResanitizeResult> {
  const batch = options.batch ?? RESANITIZE_BATCH;
  const result: ResanitizeResult = { rows: { articles: 0, column_articles: 0 }, changed: 0 };
  const began = Date.now();
  for (const table of TABLES) {
    // Older versions, then newer ones (a rolled-back build applies its own rules): two index ranges.
    for (const op of ['<', '>'] as const) {
      for (;;) {
        if (options.stopped?.()) return result;
        const found = await database.db
          .selectFrom(table)
          .select(['id', 'content', 'content_sanitizer'])
          .where('content_sanitizer', op, SANITIZER_VERSION)
          .orderBy('content_sanitizer')
          .orderBy('id')
          .limit(batch)
          .execute();
        if (found.length === 0) break;
        const clean = new Map(found.map((r) => [Number(r.id), sanitizeArticleHtml(r.content)]));
        const done = await stamp(database, table, found, clean);
        result.rows[table] += done.rows;
        result.changed += done.changed;
        // Every row of the batch was rewritten under it by a writer: try again later, never spin.
        if (done.rows === 0) break;
        // Let requests in between two batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  const total = result.rows.articles + result.rows.column_articles;
  if (total > 0) {
    options.log?.(
      `resanitize: ${total} stored rows brought to sanitiser version ${SANITIZER_VERSION} ` +
        `(${result.changed} changed) in ${Date.now() - began} ms`,
    );
  }
  return result;
}

interface Found {
  id: number;
  content: string;
  content_sanitizer: number;
}

/** Writes one batch in one write transaction; rows changed since they were read are skipped. */
async function stamp(
  database: Db,
  table: HtmlTable,
  found: Found[],
  clean: Map<number, string>,
): Promise<{ rows: number; changed: number }> {
  const seen = new Map(found.map((r) => [Number(r.id), r]));
  return writeTxDb(database, async (tx) => {
    // The rows as they are now, locked on PostgreSQL (SQLite's IMMEDIATE transaction excludes writers).
    const current = tx.db
      .selectFrom(table)
      .select(['id', 'content', 'content_sanitizer'])
      .where('id', 'in', [...seen.keys()]);
    const rows = await (database.dialect === 'postgres' ? current.forUpdate() : current).execute();
    const same = rows.filter((r) => {
      const before = seen.get(Number(r.id));
      return before && before.content === r.content && before.content_sanitizer === r.content_sanitizer;
    });
    const unchanged = same.filter((r) => clean.get(Number(r.id)) === r.content).map((r) => Number(r.id));
    const changed = same.filter((r) => clean.get(Number(r.id)) !== r.content).map((r) => Number(r.id));
    if (unchanged.length > 0) {
      await tx.db
        .updateTable(table)
        .set({ content_sanitizer: SANITIZER_VERSION })
        .where('id', 'in', unchanged)
        .execute();
    }
    if (changed.length > 0) {
      // A published article's search terms come from its text: re-indexed with the new HTML.
      const indexed =
        table === 'articles'
          ? (
              await tx.db
                .selectFrom('articles')
                .select('id')
                .where('id', 'in', changed)
                .where('status', '=', NewsStatus.Published)
                .execute()
            ).map((r) => Number(r.id))
          : [];
      await removeFromIndex(tx, indexed);
      for (const id of changed) {
        await tx.db
          .updateTable(table)
          .set({ content: clean.get(id) ?? '', content_sanitizer: SANITIZER_VERSION })
          .where('id', '=', id)
          .execute();
      }
      if (indexed.length > 0) {
        const again = await tx.db
          .selectFrom('articles')
          .select(['id', 'title', 'description', 'keyword', 'content', 'created_at'])
          .where('id', 'in', indexed)
          .execute();
        await indexArticles(
          tx,
          again.map((r) => ({ ...r, id: Number(r.id), created_at: Number(r.created_at) })),
        );
      }
    }
    return { rows: unchanged.length + changed.length, changed: changed.length };
  });
}
