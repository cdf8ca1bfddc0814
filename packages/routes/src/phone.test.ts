import { describe, expect, it } from 'vitest';
import { phoneArticlePath } from './phone';

describe('phoneArticlePath', () => {
  it('is the category page article for the twelve categories, /new_detail otherwise', () => {
    expect(phoneArticlePath(12, 'AI')).toBe('/AI/news/12');
    expect(phoneArticlePath('13', '')).toBe('/new_detail?id=13');
    expect(phoneArticlePath(14, 'unknown')).toBe('/new_detail?id=14');
  });
});
