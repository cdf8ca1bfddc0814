import { describe, expect, it } from 'vitest';
import { dayOf, isoOf, keywordsOf, localTimeOf } from './format';

describe('list and article dates', () => {
  it('shows the day of a created_at', () => {
    expect(dayOf('2026-11-21 09:30')).toBe('2026-11-21');
    expect(dayOf('昨天')).toBe('昨天');
  });
  it('gives ISO 8601 in China time for machines', () => {
    expect(isoOf('2026-11-21 09:30')).toBe('2026-11-21T09:30:00+08:00');
    expect(isoOf('2026-11-21 09:30:15')).toBe('2026-11-21T09:30:15+08:00');
    expect(isoOf('2026-11-21')).toBe('2026-11-21T00:00:00+08:00');
    expect(isoOf('not a date')).toBeUndefined();
  });
  it("gives Beijing local time without an offset (Baidu's time factor)", () => {
    expect(localTimeOf('2026-11-20 08:00')).toBe('2026-11-20T08:00:00');
    expect(localTimeOf('2026-11-20 08:00:07')).toBe('2026-11-20T08:00:07');
    expect(localTimeOf('not a date')).toBeUndefined();
  });
});

describe('keywords', () => {
  it('splits on half- and full-width commas, trims and drops repeats', () => {
    expect(keywordsOf('存储, 云计算，存储、AI')).toEqual(['存储', '云计算', 'AI']);
    expect(keywordsOf(['a', ' a ', 'b'])).toEqual(['a', 'b']);
    expect(keywordsOf(null)).toEqual([]);
  });
});
