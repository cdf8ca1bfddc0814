import { describe, expect, it } from 'vitest';
import { rfc822, rss, xml } from './xml.server';

describe('xml', () => {
  it('escapes markup and drops characters XML forbids', () => {
    expect(xml(`A&B <c> "d" 'e'\u0001`)).toBe('A&amp;B &lt;c&gt; &quot;d&quot; &apos;e&apos;');
  });

  it('dates RSS items in RFC 822 from Beijing time', () => {
    expect(rfc822('2026-11-15 19:29')).toBe('Sun, 15 Nov 2026 11:29:00 GMT');
  });

  it('builds an RSS 2.0 channel with absolute links', () => {
    const body = rss(
      { title: '站点', link: 'https://x.test/', self: 'https://x.test/rss.xml', description: '描述' },
      [
        {
          id: 1,
          title: 'A & B',
          description: '<p>',
          url: '/AI/1',
          thumb: '',
          keyword: '大模型,AI',
          created_at: '2026-11-15 19:29',
        },
      ],
      'https://x.test',
    );
    expect(body).toContain('<rss version="2.0"');
    expect(body).toContain('<title>A &amp; B</title>');
    expect(body).toContain('<link>https://x.test/AI/1</link>');
    expect(body).toContain('<category>大模型</category>');
    expect(body).toContain('<description>&lt;p&gt;</description>');
  });
});
