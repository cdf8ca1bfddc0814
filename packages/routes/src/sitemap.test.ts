import { describe, expect, it } from 'vitest';
import { MOBILE_ALTERNATE_MEDIA, SITEMAP_INDEX_PATH, mobileEquivalent } from './sitemap';
import { matchRoute } from './resolve';

describe('mobileEquivalent (sitemap alternates)', () => {
  it('follows the width redirects of pages with the same content', () => {
    expect(mobileEquivalent('/AI/123')).toBe('/AI/news/123');
    expect(mobileEquivalent('/video')).toBe('/video_List');
    expect(mobileEquivalent('/videoc?id=7')).toBe('/video_detail?id=7');
    expect(mobileEquivalent('/white_pager')).toBe('/?tag=2');
  });
  it('gives shared paths themselves', () => {
    expect(mobileEquivalent('/')).toBe('/');
    expect(mobileEquivalent('/privacy')).toBe('/privacy');
  });
  it('gives none for a fallback to the home page, a desktop-only page or an article lookup', () => {
    expect(mobileEquivalent('/AI')).toBeUndefined();
    expect(mobileEquivalent('/more?id=0')).toBeUndefined();
    expect(mobileEquivalent('/about')).toBeUndefined();
    expect(mobileEquivalent('/news/5')).toBeUndefined();
    expect(mobileEquivalent('/video_List')).toBeUndefined();
  });
  it("uses the portal's breakpoint and leaves the sitemap to no app", () => {
    expect(MOBILE_ALTERNATE_MEDIA).toBe('only screen and (max-width: 959px)');
    expect(matchRoute(SITEMAP_INDEX_PATH)).toBeUndefined();
  });
});
