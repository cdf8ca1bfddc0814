import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../src/db';
import { indexArticles, type IndexableArticle } from '../src/db/search-index';
import { explainPlan } from '../src/repositories/explain';
import { SEARCH_SETTINGS, searchArticles, searchQueries } from '../src/repositories/search';
import { BASE_TIME } from './fixtures';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertFixtures } from './fixtures';

/**
 * PostgreSQL search through the terms index (migration 012) against the GIN index on `doc`, the
 * reference, on the same rows: the same articles, order, totals and keys on every page. The extra
 * articles share publication times in groups of 1 to 13, so pages start and end inside groups of
 * equal created_at (ties go by id), and some hold a phrase's bigrams apart (人工工智智能).
 */
const HOUR = 3600_000;
const WORDS = ['存储', '人工智能', '人工工智智能', '华为', 'Kubernetes', '云计算', '数据中心', '液冷'];
const GROUP_SIZES = [1, 4, 13, 2, 7, 1, 3, 12, 5];

function extraArticles() {
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const pick = (n: number) => Array.from({ length: n }, () => WORDS[rand(WORDS.length)]).join('，');
  const rows: (IndexableArticle & { cat_id: number; status: number })[] = [];
  let id = 100;
  GROUP_SIZES.forEach((size, g) => {
    // Later groups are newer; inside a group ids are not in any particular created_at order.
    for (let k = 0; k < size; k++) {
      id += 1;
      rows.push({
        id,
        cat_id: 694,
        title: `${pick(1 + rand(2))}观察`,
        description: '',
        keyword: rand(4) === 0 ? pick(1) : '',
        content: `<p>${pick(1 + rand(3))}的进展。</p>`,
        status: 1,
        created_at: BASE_TIME + (100 + g) * HOUR,
      });
    }
  });
  return rows;
}

const QUERIES = [
  '存储',
  '人工智能',
  '华为 存储',
  'kubernetes',
  '云',
  '云 华为',
  '人工智能 液冷',
  '工智',
  '数据中心',
  '量子',
];

describe.runIf(DIALECTS.includes('postgres'))('PostgreSQL search: terms index against the doc index', () => {
  let t: TestApp;
  let terms: Db;
  let doc: Db;
  beforeAll(async () => {
    t = await startTestApp('postgres', async (app) => {
      await insertFixtures(app.database);
      const extra = extraArticles();
      await app.database.db
        .insertInto('articles')
        .values(
          extra.map((a) => ({ ...a, thumb: '', author: '作者', admin_name: '编辑', source_name: '本站' })),
        )
        .execute();
      await indexArticles(app.database, extra);
    });
    terms = { ...t.app.database, pgSearch: 'terms' };
    doc = { ...t.app.database, pgSearch: 'gin' };
  });
  afterAll(async () => t?.close());

  it('migration 012 built the terms index, with no extension, and search uses it', async () => {
    expect(t.app.database.pgSearch).toBe('terms');
    const rum = await sql<{ ok: boolean }>`select to_regclass('article_search_rum') is null as ok`.execute(
      t.app.database.db,
    );
    expect(rum.rows[0].ok).toBe(true);
  });

  it('every page of every query is the same on both paths', async () => {
    let tiesSeen = 0;
    for (const q of QUERIES) {
      const whole = await searchArticles(doc, q, 0, 200);
      const times = whole.items
        .map((i) => i.id)
        .map((id) => extraArticles().find((a) => a.id === id)?.created_at);
      tiesSeen += times.filter((at, i) => at !== undefined && at === times[i - 1]).length;
      for (const size of [1, 3, 5, 10]) {
        for (let offset = 0; offset <= whole.total; offset += size) {
          const [a, b] = await Promise.all([
            searchArticles(terms, q, offset, size),
            searchArticles(doc, q, offset, size),
          ]);
          expect({ q, offset, size, ids: a.items.map((i) => i.id), total: a.total }).toEqual({
            q,
            offset,
            size,
            ids: b.items.map((i) => i.id),
            total: b.total,
          });
          expect(a).toEqual(b);
        }
      }
    }
    // The data set has ties across page edges, where the order must still be by id.
    expect(tiesSeen).toBeGreaterThan(20);
  }, 180_000);

  it('a page walks the newest articles in page order, or sorts the GIN matches; two characters check no row', async () => {
    for (const q of ['存储', '华为 kubernetes', '云', '人工智能']) {
      for (const query of searchQueries(terms, q, 0, 10)) {
        const plan = (await explainPlan(terms, query, SEARCH_SETTINGS)).join('\n');
        expect(plan, plan).not.toMatch(/Seq Scan/);
        if (/Subquery Scan/.test(plan)) {
          // Among the newest: the date index read in page order, as far as the window reaches.
          expect(plan, plan).toMatch(/Index Scan using article_search_newest/);
        } else {
          // All the matches from the GIN index (a rare term), never the date index filtered row by row.
          // (A phrase may also narrow its candidates through the doc index, which checks the bigrams' order.)
          expect(plan, plan).toMatch(
            /Bitmap Index Scan on article_search_terms|Bitmap Index Scan on article_search_doc/,
          );
          expect(plan, plan).not.toMatch(/article_search_newest/);
        }
        // Only a phrase of 3+ characters checks `doc`.
        if (q !== '人工智能') expect(plan, plan).not.toMatch(/doc @@|article_search_doc/);
      }
    }
  });
});
