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
  it('names the list of a category page, and of its /more page', () => {
    expect(keysOf(href.category('cloud'))).toEqual(['site', 'list-cloud']);
    expect(keysOf(href.more(664))).toEqual(['site', 'list-cloud']);
  });
  it('names the lists of every category’s newest: /more and the phone’s menu feeds', () => {
    expect(keysOf(href.more())).toEqual(['site', 'latest']);
    expect(keysOf(href.more(0))).toEqual(['site', 'latest']);
    // A category without a page of its own: what shows it is purged with every article.
    expect(keysOf(href.more(12345))).toEqual(['site', 'latest']);
    expect(keysOf(href.mobile.general(3))).toEqual(['site', 'latest']);
  });
  it('names a topic’s pages on either width', () => {
    expect(keysOf(href.topic(7))).toEqual(['site', 'topic-7']);
    expect(keysOf(href.topic(7, 2))).toEqual(['site', 'topic-7']);
  });
  it('gives other pages only the site key, and never takes a malformed id', () => {
    expect(keysOf(href.videos())).toEqual(['site']);
    expect(keysOf('/no/such/page')).toEqual(['site']);
    expect(keysOf('/secret?id=1%20x')).toEqual(['site']);
    expect(keysOf(`/secret?id=${'9'.repeat(30)}`)).toEqual(['site']);
  });
});
