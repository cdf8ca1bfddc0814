import { describe, expect, it } from 'vitest';
import { isMobilePath, toMobileHref } from './links';

describe('phone links', () => {
  it("keep a topic's page at its own address, inside the app", () => {
    expect(toMobileHref('/topic/3')).toBe('/topic/3');
    expect(isMobilePath('/topic/3')).toBe(true);
  });
  it('map desktop article paths and leave desktop-only pages to a document load', () => {
    expect(toMobileHref('/AI/12')).toBe('/AI/news/12');
    expect(isMobilePath('/AI/news/12')).toBe(true);
    expect(isMobilePath('/login')).toBe(false);
  });
});
