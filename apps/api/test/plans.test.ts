import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import type { EndpointName } from '@portal/api-client/contract';
import { explainPlan } from '../src/repositories/explain';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertFixtures } from './fixtures';

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

describe.each(DIALECTS)('query plans of list calls on %s', (dialect) => {
  let t: TestApp;
  let captured: CompiledQuery[] = [];
  beforeAll(async () => {
    // No read cache: every call must reach the database.
    t = await startTestApp(dialect, (app) => insertFixtures(app.database), { cacheTtlMs: 0 });
    // Record every statement the repositories run (all builders share this executor).
    const executor = t.app.database.db.getExecutor();
    const execute = executor.executeQuery.bind(executor);
    executor.executeQuery = ((query: CompiledQuery, ...rest: unknown[]) => {
      captured.push(query);
      return (execute as (...args: unknown[]) => ReturnType<typeof execute>)(query, ...rest);
    }) as typeof executor.executeQuery;
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
