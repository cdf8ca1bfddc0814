import { PAGE_VIEW_THROTTLE_MS } from '@portal/api-client/constants';
import { PAGE_VIEW_REFERRER_MAX } from '@portal/api-client/stats';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastViewTime, PAGE_VIEW_MEMORY, pageReferrer, recordView, shouldCountView } from './page-views';

afterEach(() => localStorage.clear());

describe('page view throttle (article_pv)', () => {
  const t0 = 1_700_000_000_000;

  it('counts the first view of an article', () => {
    expect(shouldCountView(5, t0)).toBe(true);
    expect(lastViewTime(5)).toBeUndefined();
  });

  it('does not count again within 10 s of the stored lasttime, and counts after', () => {
    recordView(5, t0);
    expect(lastViewTime(5)).toBe(t0);
    expect(shouldCountView(5, t0 + 1)).toBe(false);
    expect(shouldCountView(5, t0 + PAGE_VIEW_THROTTLE_MS)).toBe(false);
    expect(shouldCountView(5, t0 + PAGE_VIEW_THROTTLE_MS + 1)).toBe(true);
  });

  it('throttles each article on its own', () => {
    recordView(5, t0);
    expect(shouldCountView(6, t0 + 1)).toBe(true);
  });

  it('keeps the lasttime in local storage under article_pv', () => {
    recordView('9', t0);
    expect(JSON.parse(localStorage.getItem('article_pv') ?? '{}')).toEqual({ 9: t0 });
  });

  it('survives a damaged entry', () => {
    localStorage.setItem('article_pv', '{oops');
    expect(shouldCountView(1, t0)).toBe(true);
    recordView(1, t0);
    expect(shouldCountView(1, t0 + 1)).toBe(false);
  });

  it('keeps only the most recent articles', () => {
    for (let id = 1; id <= PAGE_VIEW_MEMORY + 5; id++) recordView(id, t0 + id);
    const stored = JSON.parse(localStorage.getItem('article_pv') ?? '{}') as Record<string, number>;
    expect(Object.keys(stored)).toHaveLength(PAGE_VIEW_MEMORY);
    expect(stored['1']).toBeUndefined();
    expect(stored[String(PAGE_VIEW_MEMORY + 5)]).toBe(t0 + PAGE_VIEW_MEMORY + 5);
  });
});

describe('pageReferrer (issue 25: the source class of a view)', () => {
  afterEach(() => vi.restoreAllMocks());
  const referrer = (value: string) => vi.spyOn(document, 'referrer', 'get').mockReturnValue(value);
  const loadedAt = (url: string) =>
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ name: url } as PerformanceNavigationTiming]);

  it("sends the document's referrer on the page the document was loaded at, cut to the bound", () => {
    loadedAt(location.href);
    referrer('https://m.baidu.com/s?word=' + 'x'.repeat(2000));
    const ref = pageReferrer();
    expect(ref.startsWith('https://m.baidu.com/s?word=')).toBe(true);
    expect(ref).toHaveLength(PAGE_VIEW_REFERRER_MAX);
  });

  it('after a client-side navigation the reader came from the portal itself', () => {
    loadedAt('https://www.example.cn/some/other/page');
    referrer('https://m.baidu.com/');
    expect(pageReferrer()).toBe(`${location.origin}/`);
  });
});
