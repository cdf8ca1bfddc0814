import { describe, expect, it } from 'vitest';
import { intParam, pageParam, withPage } from './query';
import { isoOf as isoTime, keywordsOf as keywordList } from '@portal/ui/format';

describe('query helpers', () => {
  it('reads positive integers and falls back on anything else', () => {
    const p = new URLSearchParams('page=3&id=abc&big=99999999999&neg=-2&year=2024');
    expect(pageParam(p)).toBe(3);
    expect(intParam(p, 'id', 0)).toBe(0);
    expect(intParam(p, 'big', 7)).toBe(7);
    expect(intParam(p, 'neg', 1)).toBe(1);
    expect(intParam(p, 'year', 0, 2030)).toBe(2024);
    expect(intParam(p, 'year', 0, 2000)).toBe(0);
    expect(pageParam(new URLSearchParams('page=0'))).toBe(1);
  });

  it('builds page URLs that keep other parameters and drop page 1', () => {
    const p = new URLSearchParams('id=694&page=4');
    expect(withPage('/more', p, 2)).toBe('/more?id=694&page=2');
    expect(withPage('/more', p, 1)).toBe('/more?id=694');
    expect(withPage('/video', new URLSearchParams(), 1)).toBe('/video');
  });
});

describe('format helpers', () => {
  it('splits keywords on ASCII and full-width commas', () => {
    expect(keywordList('大模型, AI应用，智能体,,')).toEqual(['大模型', 'AI应用', '智能体']);
  });

  it('turns API times (Beijing) into ISO 8601', () => {
    expect(isoTime('2026-11-15 19:29')).toBe('2026-11-15T19:29:00+08:00');
    expect(isoTime('2026-11-15')).toBe('2026-11-15T00:00:00+08:00');
    expect(isoTime('soon')).toBeUndefined();
  });
});
