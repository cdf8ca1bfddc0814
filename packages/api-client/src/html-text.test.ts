import { describe, expect, it } from 'vitest';
import { htmlTextContent } from './html-text';

const MB = 1024 * 1024;

describe('htmlTextContent', () => {
  it.each([
    ['<p>a<b>b</b></p>', 'ab'],
    ['a<!-- c > d -->b', 'ab'],
    ['a < b', 'a < b'],
    ['a <!-- b', 'a <!-- b'],
    ['a <!-- b > c', 'a  c'],
    ['<!---->x<!-- y -->', 'x'],
    ['x<br/>y<img src="a>b">', 'xyb">'],
    ['', ''],
  ])('%j → %j', (html, text) => {
    expect(htmlTextContent(html)).toBe(text);
  });

  it('separates removed tags and drops script and style bodies when asked', () => {
    const html = 'a<p>b</p><SCRIPT type="x">var s = "<p>";</script >c<style>p{}</style>d<scripts>e';
    expect(htmlTextContent(html, { dropRawText: true, separator: ' ' })).toBe('a b   c  d e');
    expect(htmlTextContent('a<script>never closed <p>x</p>', { dropRawText: true })).toBe('a');
  });

  // Linear on inputs that made the old regexes backtrack (the isEditorEmpty regressions are in
  // schemas.test.ts). No time is asserted: a super-linear scan runs past vitest's timeout.
  it.each(['<!--', '<', '<a', '<script>', '<script></script>'])('handles 1 MB of %j', (unit) => {
    const html = unit.repeat(MB / unit.length);
    const kept = unit.startsWith('<script') ? 0 : html.length;
    expect(htmlTextContent(html, { dropRawText: true })).toHaveLength(kept);
  });
});
