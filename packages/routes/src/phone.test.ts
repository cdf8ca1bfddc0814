import { describe, expect, it } from 'vitest';
import { phoneArticlePath, phonePathOf } from './phone';

describe('phonePathOf', () => {
  it('gives the phone page of a desktop route with an equivalent', () => {
    expect(phonePathOf('/AI/12')).toBe('/AI/news/12');
    expect(phonePathOf('/video')).toBe('/video_List');
    expect(phonePathOf('/videoc', '?id=7')).toBe('/video_detail?id=7');
    expect(phonePathOf('/search', '?title=云')).toBe(`/new_search?title=${encodeURIComponent('云')}`);
    expect(phonePathOf('/white_pager')).toBe('/?tag=2');
    expect(phonePathOf('/more')).toBe('/');
  });

  it('gives a shared path itself (the phone app renders it too)', () => {
    expect(phonePathOf('/')).toBe('/');
    expect(phonePathOf('/topic/3')).toBe('/topic/3');
  });

  it('has none for desktop-only routes, landing pages, phone routes, unknown paths and article ids', () => {
    for (const path of ['/about', '/it_report', '/rss.xml', '/vendor', '/video_List', '/nope', '/news/12'])
      expect(phonePathOf(path), path).toBeUndefined();
  });
});

describe('phoneArticlePath', () => {
  it('is the category page article for the twelve categories, /new_detail otherwise', () => {
    expect(phoneArticlePath(12, 'AI')).toBe('/AI/news/12');
    expect(phoneArticlePath('13', '')).toBe('/new_detail?id=13');
    expect(phoneArticlePath(14, 'unknown')).toBe('/new_detail?id=14');
  });
});
