import { describe, expect, it } from 'vitest';
import { cameFromCategory } from './BackButton';

describe('back rule referrer', () => {
  const origin = 'https://www.example.com';
  it('recognises desktop category routes', () => {
    expect(cameFromCategory(`${origin}/AI`, origin)).toBe(true);
    expect(cameFromCategory(`${origin}/storage/`, origin)).toBe(true);
    expect(cameFromCategory(`${origin}/cloud/123`, origin)).toBe(true);
  });
  it('ignores other pages, other sites and empty referrers', () => {
    expect(cameFromCategory(`${origin}/`, origin)).toBe(false);
    expect(cameFromCategory(`${origin}/general/10001`, origin)).toBe(false);
    expect(cameFromCategory(`${origin}/AI/news/12`, origin)).toBe(false);
    expect(cameFromCategory('https://other.example.org/AI', origin)).toBe(false);
    expect(cameFromCategory('', origin)).toBe(false);
  });
});
