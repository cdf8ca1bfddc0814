import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type CompiledQuery } from 'kysely';
import type { EndpointName, ListItem } from '@portal/api-client/contract';
import { DEEP_STRIDE } from '../src/repositories/articles';
import { explainPlan } from '../src/repositories/explain';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { BASE_TIME, insertFixtures } from './fixtures';

/**
 * Tables that grow to a million rows (DESIGN.md section 7): their reads must come from an index.
 * Videos, white papers, topics, events and weekly reports are editorial tables of hundreds of rows,
 * where sorting a whole table is cheap.
 */
const BIG_TABLES = ['articles', 'article_search'];

/**
 * The read calls of the contract. article_pv is not among them: it writes (group commit, one
 * `UPDATE … WHERE id = ?` per article in a write transaction) and reads nothing.
 */
const LIST_CALLS: [EndpointName, Record<string, unknown>][] = [
  ['get_news', {}],
  ['get_policy', {}],
  ['get_big', {}],
  ['get_cxo', {}],
  ['get_video', {}],
  ['get_right', {}],
  ['handle404', {}],
  ['indexFall', { page: 3, pageseze: 10 }],
  ['m_news', { menu_id: 10001, page: 2, pageSize: 10 }],
  ['m_news', { menu_id: 10002, page: 1, pageSize: 10 }],
  ['m_news', { menu_id: 7001, page: 1, pageSize: 10 }],
  ['mfall', { type: 0, page: 2, pageSize: 10 }],
  ['category_top', { cat_id: 694 }],
  ['category_news', { cat_id: 694 }],
  ['cate_recommend', { cat_id: 694 }],
  ['cate_list', { cat_id: 694, page: 2, pageSize: 3 }],
  ['cate_list', { cat_id: 0, page: 2, pageSize: 21 }],
  ['article_content', { id: 25 }],
  ['video_detail', { id: 3 }],
  ['mvideo_list', { page: 1, pageSize: 12 }],
  ['get_schoolTop', {}],
  ['get_school', { cat_id: 694, page: 1, pageSize: 9 }],
  ['doc_ls_fronted', { page: 1, pageSize: 9 }],
  ['it_index', { id: 0 }],
  ['it_list', { year: 2025, page: 1, pageSize: 30 }],
  ['search_list', { title: '华为 云', page: 1, pageSize: 10 }],
];

/** A plan line that reads a big table without an index. */
function tableScans(dialect: string, plan: string[]): string[] {
  if (dialect === 'sqlite') {
    return plan.filter((line) => BIG_TABLES.some((tbl) => new RegExp(`^SCAN ${tbl}$`).test(line.trim())));
  }
  return plan.filter((line) =>
    BIG_TABLES.some((tbl) => line.includes(`Seq Scan on ${tbl} `) || line.endsWith(`Seq Scan on ${tbl}`)),
  );
}

/** Hands every statement the app's repositories run to `record` (all builders share this executor). */
function recordQueries(t: TestApp, record: (query: CompiledQuery) => void): void {
  const executor = t.app.database.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = ((query: CompiledQuery, ...rest: unknown[]) => {
    record(query);
    return (execute as (...args: unknown[]) => ReturnType<typeof execute>)(query, ...rest);
  }) as typeof executor.executeQuery;
}

describe.each(DIALECTS)('query plans of list calls on %s', (dialect) => {
  let t: TestApp;
  let captured: CompiledQuery[] = [];
  beforeAll(async () => {
    // No read cache: every call must reach the database.
    t = await startTestApp(dialect, (app) => insertFixtures(app.database), { cacheTtlMs: 0 });
    recordQueries(t, (query) => captured.push(query));
  });
  afterAll(async () => t?.close());

  it.each(LIST_CALLS)('%s %j reads big tables through indexes only', async (name, payload) => {
    captured = [];
    const res = await t.call(name, payload);
    expect(res.code).toBe(0);
    const selects = captured.filter((q) => /^\s*select/i.test(q.sql));
    expect(selects.length).toBeGreaterThan(0);
    for (const query of selects) {
      const plan = await explainPlan(t.app.database, { compile: () => query });
      expect(tableScans(dialect, plan), `${query.sql}\n${plan.join('\n')}`).toEqual([]);
    }
  });

  it('the check itself catches a table scan', async () => {
    const scan = t.app.database.db.selectFrom('articles').select('id').where('title', 'like', '%云%');
    expect(tableScans(dialect, await explainPlan(t.app.database, scan))).toHaveLength(1);
  });
});

/**
 * Deep pages (issue 15): page N seeks from a remembered boundary (repositories/articles.ts) and
 * takes its ids from a covering index, so it never walks the list up to N. Lists here are longer
 * than two boundaries' strides.
 */
describe.each(DIALECTS)('deep pages of article lists on %s', (dialect) => {
  const EXTRA = 2300;
  const PAGE_SIZE = 21;
  let t: TestApp;
  let captured: CompiledQuery[] = [];
  beforeAll(async () => {
    t = await startTestApp(
      dialect,
      async (app) => {
        await insertFixtures(app.database);
        const rows = Array.from({ length: EXTRA }, (_, i) => ({
          id: 1000 + i,
          cat_id: i % 3 === 0 ? 56 : 694,
          title: `深页测试第${i}篇`,
          content: '<p>正文</p>',
          // Some share a time: the id breaks the tie, as in the lists' order.
          created_at: BASE_TIME + 100 * 3600_000 + Math.floor(i / 2) * 1000,
          status: i % 50 === 49 ? 0 : 1,
          is_recommend: i % 2,
        }));
        for (let i = 0; i < rows.length; i += 200) {
          await app.database.db
            .insertInto('articles')
            .values(rows.slice(i, i + 200))
            .execute();
        }
        if (app.database.dialect === 'postgres') await sql`vacuum analyze articles`.execute(app.database.db);
      },
      { cacheTtlMs: 0 },
    );
    recordQueries(t, (query) => captured.push(query));
  });
  afterAll(async () => t?.close());

  /** The ids OFFSET would give: the reference the seek must agree with. */
  async function byOffset(catId: number, page: number, flag = false): Promise<number[]> {
    let q = t.app.database.db.selectFrom('articles').select('id').where('status', '=', 1);
    if (catId > 0) q = q.where('cat_id', '=', catId);
    if (flag) q = q.where('is_recommend', '=', 1);
    const rows = await q
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute();
    return rows.map((r) => Number(r.id));
  }
  const listed = async (catId: number, page: number) =>
    (await t.call<ListItem[]>('cate_list', { cat_id: catId, page, pageSize: PAGE_SIZE })).data.map(
      (i) => i.id,
    );

  it('list what OFFSET lists, on every side of each boundary, and nothing past the end', async () => {
    const pages: [number, number[]][] = [
      [0, [1, 47, 48, 49, 95, 96, 97, 98, 100, 104]],
      [694, [1, 47, 48, 49, 60, 70]],
    ];
    for (const [catId, numbers] of pages) {
      for (const page of numbers) {
        const expected = await byOffset(catId, page);
        expect(expected.length, `cat ${catId} page ${page}`).toBeGreaterThan(0);
        expect(await listed(catId, page), `cat ${catId} page ${page}`).toEqual(expected);
      }
    }
    expect(await listed(0, 130)).toEqual([]);
    const recommended = await t.call<ListItem[]>('m_news', { menu_id: 10001, page: 60, pageSize: PAGE_SIZE });
    expect(recommended.data.map((i) => i.id)).toEqual(await byOffset(0, 60, true));
  });

  it('follow a content change (the remembered boundaries are dropped with the read cache)', async () => {
    expect(await listed(0, 100)).toEqual(await byOffset(0, 100));
    await t.app.database.db
      .insertInto('articles')
      .values({ cat_id: 694, title: '新发布', content: '<p>新</p>', created_at: Date.now() })
      .execute();
    await t.app.contentChanges.announce();
    expect(await listed(0, 100)).toEqual(await byOffset(0, 100));
  });

  it('read ids from a covering index, skipping fewer than one stride of entries', async () => {
    await listed(0, 100);
    captured = [];
    expect(await listed(0, 100)).toHaveLength(PAGE_SIZE);
    const selects = captured.filter((q) => /^\s*select/i.test(q.sql));
    const paged = selects.filter((q) => /\boffset\b/i.test(q.sql));
    // One statement for the page (the boundary is remembered), plus the total when it is not.
    expect(paged).toHaveLength(1);
    // Page 100 starts past two boundaries: only the rows after the nearest one are skipped.
    const start = 99 * PAGE_SIZE;
    expect(start).toBeGreaterThan(2 * DEEP_STRIDE);
    expect(Number(paged[0].parameters.at(-1))).toBe(start % DEEP_STRIDE);
    const plan = await explainPlan(t.app.database, { compile: () => paged[0] });
    expect(tableScans(dialect, plan), plan.join('\n')).toEqual([]);
    expect(plan.join('\n')).toMatch(
      dialect === 'sqlite' ? /COVERING INDEX articles_latest/ : /Index Only Scan/,
    );
  });
});
