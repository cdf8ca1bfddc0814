import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portal/api-client/codes';
import type { EventItem } from '@portal/api-client/contract';
import { DIALECTS, startTestApp, type TestApp } from './helpers';
import { insertFixtures } from './fixtures';

describe.each(DIALECTS)('meet_index on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, (app) => insertFixtures(app.database));
  });
  afterAll(async () => t?.close());

  const ids = async (payload: Record<string, unknown>) => {
    const res = await t.call<EventItem[]>('meet_index', payload);
    expect(res.code).toBe(0);
    return { ids: res.data.map((e) => e.id), total: res.total };
  };

  it('lists events newest first with total, 12 per page', async () => {
    const res = await t.call<EventItem[]>('meet_index', {});
    expect(res.total).toBe(4);
    expect(res.data.map((e) => e.id)).toEqual([2, 1, 3, 4]);
    expect(res.data[1]).toMatchObject({
      title: '2025云计算峰会',
      url: '/activity/register?id=1',
      city: '北京',
      type: 1,
      status: 2,
      showTime: '2025-03-10 至 2025-03-11',
    });
    expect(res.data[0].showTime).toBe('2025-06-01');
  });

  it('filters by year, month, city and title (title matched literally)', async () => {
    expect(await ids({ year: 2025 })).toEqual({ ids: [2, 1], total: 2 });
    expect(await ids({ year: 2025, month: 3 })).toEqual({ ids: [1], total: 1 });
    expect(await ids({ city: '北京' })).toEqual({ ids: [1, 3], total: 2 });
    expect(await ids({ title: '峰会' })).toEqual({ ids: [1, 3], total: 2 });
    expect(await ids({ title: '%' })).toEqual({ ids: [4], total: 1 });
    expect(await ids({ title: '_' })).toEqual({ ids: [], total: 0 });
    expect(await ids({ title: '  峰会 ', city: '北京', year: 2024 })).toEqual({ ids: [3], total: 1 });
    expect(await ids({ page: 2, pageSize: 3 })).toEqual({ ids: [4], total: 4 });
  });

  it("treats the empty strings the spec's client sends for unset filters as not set", async () => {
    const unset = { city: '', year: '', month: '', title: '', page: '', pageSize: '' };
    expect(await ids(unset)).toEqual({ ids: [2, 1, 3, 4], total: 4 });
    expect(await ids({ ...unset, year: 2025 })).toEqual({ ids: [2, 1], total: 2 });
    expect(await ids({ year: ' ', month: '3' })).toEqual({ ids: [1], total: 1 });
  });

  it('rejects bad filters', async () => {
    expect(await t.call('meet_index', { month: 13 })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '月份不正确',
    });
    expect(await t.call('meet_index', { year: 'soon' })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '年份必须是数字',
    });
    expect(await t.call('meet_index', { title: '长'.repeat(101) })).toMatchObject({
      code: ErrorCode.Validation,
      msg: '标题不能超过100个字符',
    });
  });
});
