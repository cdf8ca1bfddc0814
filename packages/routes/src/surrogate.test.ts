import { describe, expect, it } from 'vitest';
import { href } from './href';
import { SURROGATE_KEYS, pageSurrogateKeys } from './surrogate';

const keysOf = (address: string) => {
  const url = new URL(address, 'http://x.invalid');
  return pageSurrogateKeys(url.pathname, url.searchParams);
};

describe('surrogate keys of a page', () => {
  it('names the home page on both widths', () => {
    expect(keysOf(href.home())).toEqual(['site', 'home']);
    expect(keysOf(href.home(2))).toEqual(['site', 'home']);
  });
  it.each([
    href.article({ category: 'AI', id: 123 }),
    href.news(123),
    href.secret(123),
    href.mobile.article({ category: 'storage', id: 123 }),
    href.mobile.detail(123),
    href.mobile.list(123),
  ])('names the article shown by %s', (address) => {
    expect(keysOf(address)).toEqual(['site', SURROGATE_KEYS.article(123)]);
  });
  it('names the list of a category page', () => {
    expect(keysOf(href.category('cloud'))).toEqual(['site', 'list-cloud']);
  });
  it('gives other pages only the site key, and never takes a malformed id', () => {
    expect(keysOf(href.videos())).toEqual(['site']);
    expect(keysOf('/no/such/page')).toEqual(['site']);
    expect(keysOf('/secret?id=1%20x')).toEqual(['site']);
    expect(keysOf(`/secret?id=${'9'.repeat(30)}`)).toEqual(['site']);
  });
});
