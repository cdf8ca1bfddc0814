import { describe, expect, it } from 'vitest';
import { dayOf, isoOf } from './date';

describe('list and article dates', () => {
  it('shows the day of a created_at', () => {
    expect(dayOf('2026-11-21 09:30')).toBe('2026-11-21');
    expect(dayOf('昨天')).toBe('昨天');
  });
  it('gives ISO 8601 in China time for machines', () => {
    expect(isoOf('2026-11-21 09:30')).toBe('2026-11-21T09:30:00+08:00');
    expect(isoOf('2026-11-21 09:30:15')).toBe('2026-11-21T09:30:15+08:00');
    expect(isoOf('not a date')).toBe('not a date');
  });
});
