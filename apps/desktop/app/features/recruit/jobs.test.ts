import { describe, expect, it } from 'vitest';
import { jobIndex } from './jobs';

describe('jobIndex', () => {
  it('reads the position index of /recruit/detail?id=N', () => {
    expect(jobIndex('0')).toBe(0);
    expect(jobIndex('3')).toBe(3);
    expect(jobIndex('12')).toBe(12);
    for (const bad of [null, '-1', '1.5', 'a', '01', '', '100']) expect(jobIndex(bad)).toBeNull();
  });
});
