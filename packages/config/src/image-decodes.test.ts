import { describe, expect, it } from 'vitest';
import { defaultDecodeConcurrency } from './image-decodes';

describe('defaultDecodeConcurrency', () => {
  it('shares the cores among the processes, at least one, and leaves libuv a thread', () => {
    expect(defaultDecodeConcurrency(1, 2)).toBe(2);
    expect(defaultDecodeConcurrency(1, 16)).toBe(3);
    expect(defaultDecodeConcurrency(2, 2)).toBe(1);
    expect(defaultDecodeConcurrency(8, 8)).toBe(1);
    expect(defaultDecodeConcurrency(4, 2)).toBe(1);
    expect(defaultDecodeConcurrency(2, 6)).toBe(3);
  });
});
