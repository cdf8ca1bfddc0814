import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import type { ListItem } from '@portal/api-client/contract';
import { explainPlan } from '../src/repositories/explain';
import { searchQueries } from '../src/repositories/search';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertFixtures } from './fixtures';

describe.each(DIALECTS)('search_list on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(async () => t?.close());

  const search = async (title: string, page = 1, pageSize = 10) => {
    const res = await t.call<{ list: ListItem[] }>('search_list', { title, page, pageSize });
    expect(res.code).toBe(0);
    return {
      ids: res.data.list.map((i) => i.id),
      total: res.total,
      keys: res.data.list[0]?.keys,
      list: res.data.list,
    };
  };

  it('two characters: title matches first, then body matches newest first; hidden articles never', async () => {
    // 25 has 华为 in its title; 28 and 26 only in the body; 29 (hidden) is not indexed.
    expect(await search('华为')).toMatchObject({ ids: [25, 28, 26], total: 3, keys: ['华为'] });
  });

  it('one character: answered from the unigram terms, newest first', async () => {
    // 云 in the title of 25, in the bodies of 30 and 28 (no title phase for single characters).
    expect(await search('云')).toMatchObject({ ids: [30, 28, 25], total: 3, keys: ['云'] });
    expect(await search('鲲')).toMatchObject({ ids: [28], total: 1 });
    expect(await search('云 华为')).toMatchObject({ ids: [28, 25], total: 2, keys: ['云', '华为'] });
  });

  it('four characters: an exact phrase of bigrams, in title or body', async () => {
    expect(await search('存储方案')).toMatchObject({ ids: [25], total: 1, keys: ['存储方案'] });
    expect(await search('液冷方案')).toMatchObject({ ids: [26], total: 1 });
    // Both halves occur in 25, but not next to each other.
    expect(await search('华为存储')).toMatchObject({ ids: [], total: 0 });
  });

  it('Latin words, case-insensitive, and mixed queries ANDed', async () => {
    expect(await search('Kubernetes')).toMatchObject({ ids: [27, 25], total: 2, keys: ['kubernetes'] });
    expect(await search('KUBERNETES 华为')).toMatchObject({
      ids: [25],
      total: 1,
      keys: ['kubernetes', '华为'],
    });
    expect(await search('kube')).toMatchObject({ ids: [], total: 0 });
  });

  it('pages across the title phase and the body phase', async () => {
    expect(await search('华为', 1, 2)).toMatchObject({ ids: [25, 28], total: 3 });
    expect(await search('华为', 2, 2)).toMatchObject({ ids: [26], total: 3 });
    expect(await search('华为', 3, 2)).toMatchObject({ ids: [], total: 3 });
    // 24 title matches of 行业 over three pages, then the one body-free remainder.
    const all = (await search('行业', 1, 100)).ids;
    const paged = [
      ...(await search('行业', 1, 10)).ids,
      ...(await search('行业', 2, 10)).ids,
      ...(await search('行业', 3, 10)).ids,
    ];
    expect(paged).toEqual(all);
    expect(new Set(all).size).toBe(all.length);
  });

  it('items are list items with urls and the keys to highlight', async () => {
    const { list } = await search('鲲鹏');
    expect(list[0]).toMatchObject({ id: 28, title: '鲲鹏生态大会召开', url: '/AI/28', keys: ['鲲鹏'] });
  });

  it('no match, punctuation only, empty and over-long queries', async () => {
    expect(await search('量子')).toMatchObject({ ids: [], total: 0 });
    expect(await search('！？')).toMatchObject({ ids: [], total: 0 });
    expect(await search('"AND" OR NOT*')).toMatchObject({ total: 0 });
    expect(await t.call('search_list', { title: '' })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '请输入搜索内容',
    });
    expect(await t.call('search_list', { title: '   ' })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '请输入搜索内容',
    });
    expect(await t.call('search_list', {})).toMatchObject({
      code: ErrorCode.Validation,
      msg: '请输入搜索内容',
    });
    expect(await t.call('search_list', { title: '搜'.repeat(101) })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '搜索内容不能超过100个字符',
    });
    expect(await t.call('search_list', { title: '华为', pageSize: 0 })).toMatchObject({
      code: ErrorCode.Validation,
    });
  });

  it('every search query is answered from the search index, never a table scan', async () => {
    for (const q of ['云', '华为', '存储方案', 'kubernetes 华为']) {
      const queries = searchQueries(t.app.database, q, 10, 10);
      expect(queries.length).toBeGreaterThanOrEqual(2);
      for (const query of queries) {
        const plan = (await explainPlan(t.app.database, query)).join('\n');
        if (dialect === 'sqlite') {
          expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
          expect(plan).not.toMatch(/SCAN articles\b/);
        } else {
          expect(plan).toMatch(/article_search_doc|article_search_terms|article_search_newest/);
          expect(plan).not.toMatch(/Seq Scan/);
        }
      }
    }
  });
});
