import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../src/db';
import { indexArticles, type IndexableArticle } from '../src/db/search-index';
import { explainPlan } from '../src/repositories/explain';
import { searchArticles, searchQueries, searchSettings } from '../src/repositories/search';
import { BASE_TIME } from './fixtures';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertFixtures } from './fixtures';

/**
 * PostgreSQL search through the RUM index (migration 011) against the GIN fallback on the same
 * rows: the same articles, order, totals and keys on every page. The extra articles share
 * publication times in groups of 1 to 13, so pages start and end inside groups of equal created_at
 * (the RUM index orders by created_at only), and some hold a phrase's bigrams apart (人工工智智能).
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

describe.runIf(DIALECTS.includes('postgres'))('PostgreSQL search: RUM index against the GIN fallback', () => {
  let t: TestApp;
  let rum: Db;
  let gin: Db;
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
    rum = { ...t.app.database, pgSearch: 'rum' };
    gin = { ...t.app.database, pgSearch: 'gin' };
  });
  afterAll(async () => t?.close());

  it('migration 011 built the RUM index where the extension is available, and search uses it', async () => {
    const available = await sql<{ ok: boolean }>`select exists (
      select 1 from pg_available_extensions where name = 'rum') as ok`.execute(t.app.database.db);
    expect(t.app.database.pgSearch).toBe(available.rows[0].ok ? 'rum' : 'gin');
  });

  it('every page of every query is the same on both paths', async () => {
    if (t.app.database.pgSearch !== 'rum') return;
    let tiesSeen = 0;
    for (const q of QUERIES) {
      const whole = await searchArticles(gin, q, 0, 200);
      const times = whole.items
        .map((i) => i.id)
        .map((id) => extraArticles().find((a) => a.id === id)?.created_at);
      tiesSeen += times.filter((at, i) => at !== undefined && at === times[i - 1]).length;
      for (const size of [1, 3, 5, 10]) {
        for (let offset = 0; offset <= whole.total; offset += size) {
          const [a, b] = await Promise.all([
            searchArticles(rum, q, offset, size),
            searchArticles(gin, q, offset, size),
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
    // The data set exercises what the RUM path has to put right: ties across page edges.
    expect(tiesSeen).toBeGreaterThan(20);
  }, 180_000);

  it('the RUM path reads the index in date order; two characters read no row to check a match', async () => {
    if (t.app.database.pgSearch !== 'rum') return;
    for (const q of ['存储', '华为 kubernetes', '云', '人工智能']) {
      for (const query of searchQueries(rum, q, 0, 10)) {
        const plan = (await explainPlan(rum, query, searchSettings(rum))).join('\n');
        expect(plan, plan).not.toMatch(/Seq Scan|article_search_doc/);
        if (/created_at = /.test(plan)) {
          // The matches of one created_at (ties at a page's edge): a few rows by created_at.
          expect(plan, plan).toMatch(
            /Index Scan using article_search_\w+ on article_search[\s\S]*Index Cond: .*created_at = /,
          );
          continue;
        }
        expect(plan, plan).toMatch(/Index Scan using article_search_rum/);
        expect(plan, plan).not.toMatch(/Sort Key/);
        // A page is read in date order from the index, as far as the page reaches.
        if (!/Aggregate/.test(plan)) expect(plan, plan).toMatch(/Order By: \(created_at <=\|/);
        // Only a phrase of 3+ characters checks `doc`, on the rows the index hands over.
        if (q !== '人工智能') expect(plan, plan).not.toMatch(/Filter|doc @@/);
      }
    }
    // The fallback path on the same database still reads the GIN index.
    for (const query of searchQueries(gin, '存储', 0, 10)) {
      expect((await explainPlan(gin, query)).join('\n')).toMatch(/article_search_doc/);
    }
  });
});
