import path from 'node:path';
import Database from 'better-sqlite3';
import { CATEGORY_PAGES } from '@portal/api-client/constants';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/index';
import type { DB } from '../db/schema';
import {
  articleTerms,
  createTermsIndexSql,
  pgSearchIndex,
  TERMS_INDEX,
  writeTerms,
  type ArticleTerms,
} from '../db/search-index';
import { makeArticle } from './articles';
import { thumbPool } from './content';
import { FileSink } from './files';
import { rngFor, type Rng } from './random';

/**
 * The scale seeder behind `pnpm seed --articles N`: appends N articles (ids and times increasing
 * together, after the newest existing article) with their search-index rows, in large batched
 * transactions, generating each batch just before writing it so memory stays flat at any N.
 */

export interface ScaleOptions {
  count: number;
  dataDir: string;
  log?: (msg: string) => void;
  /** Articles per transaction. */
  batch?: number;
  /** Clock for the newest article (default Date.now()). */
  now?: number;
  /** PostgreSQL: from this many articles on, rebuild the GIN index instead of maintaining it. */
  rebuildIndexFrom?: number;
}

/** A generated article as the table holds it: the columns the loaders write (COLUMNS). */
type ScaleRow = Pick<Selectable<DB['articles']>, (typeof COLUMNS)[number]>;

const CATS = CATEGORY_PAGES.map((c) => c.id);

function makeRow(rng: Rng, id: number, createdAt: number, pool: Map<number, string[]>): ScaleRow {
  const cat = CATS[rng.int(0, CATS.length - 1)];
  const thumbs = pool.get(cat) ?? [''];
  const draft = makeArticle(rng, cat, createdAt, { image: '', short: true });
  return {
    id,
    ...draft,
    thumb: rng.pick(thumbs),
    is_hot: rng.chance(0.03) ? 1 : 0,
    is_pic: rng.chance(0.05) ? 1 : 0,
    is_recommend: rng.chance(0.05) ? 1 : 0,
    is_policy: rng.chance(0.02) ? 1 : 0,
    pv: Math.floor(Math.pow(rng.float(), 3) * 20_000) + rng.int(0, 200),
    created_at: createdAt,
  };
}

export async function seedArticles(
  database: Db,
  options: ScaleOptions,
): Promise<{ first: number; last: number }> {
  const log = options.log ?? (() => {});
  const count = Math.max(0, Math.floor(options.count));
  const batchSize = options.batch ?? (database.dialect === 'sqlite' ? 10_000 : 2_000);
  const last = await database.db
    .selectFrom('articles')
    .select([(eb) => eb.fn.max('id').as('id'), (eb) => eb.fn.max('created_at').as('created_at')])
    .executeTakeFirstOrThrow();
  const firstId = Number(last.id ?? 0) + 1;
  const start = Number(last.created_at ?? Date.now() - 86_400_000) + 60_000;
  const end = Math.max(options.now ?? Date.now(), start);
  // Spread evenly up to now; at least 1 ms apart so the times stay strictly increasing with ids.
  const step = Math.max(1, Math.floor((end - start) / Math.max(count, 1)));
  const files = new FileSink(options.dataDir);
  const pool = thumbPool(files);
  await files.writeRasterRenditions();
  const rng = rngFor(`scale-${firstId}`);

  const writer =
    database.dialect === 'sqlite'
      ? sqliteWriter(options.dataDir)
      : postgresWriter(database, count >= (options.rebuildIndexFrom ?? GIN_REBUILD_FROM));
  const began = Date.now();
  let done = 0;
  let lastLog = 0;
  try {
    await writer.start();
    while (done < count) {
      const n = Math.min(batchSize, count - done);
      const rows: ScaleRow[] = [];
      const terms: ArticleTerms[] = [];
      for (let i = 0; i < n; i++) {
        const id = firstId + done + i;
        const row = makeRow(rng, id, start + (done + i) * step, pool);
        rows.push(row);
        terms.push(articleTerms(row));
      }
      await writer.write(rows, terms);
      done += n;
      const now = Date.now();
      if (now - lastLog > 5000 || done === count) {
        lastLog = now;
        const secs = (now - began) / 1000;
        const cpu = process.cpuUsage();
        log(
          `seed --articles: ${done}/${count} (${Math.round(done / Math.max(secs, 0.001))}/s, ${secs.toFixed(0)} s, ` +
            `cpu ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s, rss ${Math.round(process.memoryUsage().rss / 1048576)} MB)`,
        );
      }
    }
    await writer.finish();
  } finally {
    await writer.close();
  }
  return { first: firstId, last: firstId + count - 1 };
}

interface Writer {
  start(): Promise<void>;
  write(rows: ScaleRow[], terms: ArticleTerms[]): Promise<void>;
  finish(): Promise<void>;
  /** Always runs, also after a failure. */
  close(): Promise<void>;
}

const COLUMNS = [
  'id',
  'cat_id',
  'title',
  'description',
  'keyword',
  'thumb',
  'author',
  'admin_name',
  'source_name',
  'content',
  'content_sanitizer',
  'is_hot',
  'is_pic',
  'is_recommend',
  'is_policy',
  'pv',
  'created_at',
] as const;

/** SQLite: a dedicated connection with prepared statements; one transaction per batch. */
function sqliteWriter(dataDir: string): Writer {
  const conn = new Database(path.join(dataDir, 'portal.db'));
  conn.pragma('journal_mode = WAL');
  // Bulk load of benchmark data: a lost last batch on power failure is acceptable here.
  conn.pragma('synchronous = NORMAL');
  conn.pragma('cache_size = -262144');
  conn.pragma('temp_store = MEMORY');
  conn.pragma('busy_timeout = 5000');
  const insertArticle = conn.prepare(
    `insert into articles (${COLUMNS.join(', ')}, status, member_id) values (${COLUMNS.map((c) => `@${c}`).join(', ')}, 1, null)`,
  );
  const insertFts = conn.prepare('insert into article_fts (rowid, title, body, uni) values (?, ?, ?, ?)');
  const writeBatch = conn.transaction((rows: ScaleRow[], terms: ArticleTerms[]) => {
    for (const row of rows) insertArticle.run(row);
    for (const t of terms) insertFts.run(t.id, t.title, t.body, t.uni);
  });
  return {
    start: async () => {},
    write: async (rows, terms) => {
      writeBatch.immediate(rows, terms);
    },
    finish: async () => {
      conn.pragma('wal_checkpoint(TRUNCATE)');
    },
    close: async () => {
      conn.close();
    },
  };
}

/**
 * Above this many articles the PostgreSQL loader drops the GIN index of article_search and builds
 * it again at the end: one bulk build is many times faster than maintaining it row by row
 * (measured: about 1.2 ms per article for the GIN insert, most of the load time).
 */
const GIN_REBUILD_FROM = 20_000;

/** PostgreSQL: one INSERT … SELECT FROM unnest(arrays) per table and batch, in one transaction. */
function postgresWriter(database: Db, rebuild: boolean): Writer {
  // The terms index (migration 012) is rebuilt the same way.
  let terms = false;
  return {
    start: async () => {
      if (!rebuild) return;
      terms = (await pgSearchIndex(database.db)) === 'terms';
      await sql`drop index if exists article_search_doc`.execute(database.db);
      if (terms) await sql`drop index if exists ${sql.raw(TERMS_INDEX)}`.execute(database.db);
    },
    write: async (rows, terms) => {
      await database.db.transaction().execute(async (trx) => {
        // Benchmark bulk load: do not wait for the WAL flush per batch (a crash loses at most the
        // last batches, never consistency), and let GIN collect more entries before merging them.
        await sql`set local synchronous_commit = off`.execute(trx);
        await sql`set local gin_pending_list_limit = '32MB'`.execute(trx);
        const col = <K extends (typeof COLUMNS)[number]>(k: K) => rows.map((r) => r[k]);
        await sql`
          insert into articles (id, cat_id, title, description, keyword, thumb, author, admin_name, source_name, content,
            content_sanitizer, is_hot, is_pic, is_recommend, is_policy, pv, created_at, status)
          select t.*, 1 from unnest(
            ${col('id')}::bigint[], ${col('cat_id')}::int[], ${col('title')}::text[], ${col('description')}::text[],
            ${col('keyword')}::text[], ${col('thumb')}::text[], ${col('author')}::text[], ${col('admin_name')}::text[],
            ${col('source_name')}::text[], ${col('content')}::text[], ${col('content_sanitizer')}::int[], ${col('is_hot')}::int[], ${col('is_pic')}::int[],
            ${col('is_recommend')}::int[], ${col('is_policy')}::int[], ${col('pv')}::bigint[], ${col('created_at')}::bigint[]
          ) as t
        `.execute(trx);
        await writeTerms({ ...database, db: trx }, terms);
      });
    },
    finish: async () => {
      await sql`select setval(pg_get_serial_sequence('articles', 'id'), (select max(id) from articles))`.execute(
        database.db,
      );
      // Vacuum sets the visibility map: the list pages' ids are then read from the index alone
      // (index-only scans), as on a database autovacuum has visited.
      await sql`vacuum (analyze) articles`.execute(database.db);
      await sql`analyze article_search`.execute(database.db);
    },
    close: async () => {
      if (!rebuild) return;
      // Same definition as migrations/001_initial.ts; restored even when the load failed.
      await database.db.transaction().execute(async (trx) => {
        await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
        await sql`create index if not exists article_search_doc on article_search using gin (doc)`.execute(
          trx,
        );
        if (terms) await createTermsIndexSql.execute(trx);
      });
    },
  };
}
