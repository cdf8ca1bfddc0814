import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageUrl, shareMeta } from './shareMeta';

describe('shareMeta', () => {
  it('gives the four tags share cards read, with an absolute picture', () => {
    const tags = shareMeta({
      title: '标题',
      description: '摘要',
      url: 'https://m.example.cn/AI/news/12',
      image: '/uploads/a.jpg',
      siteName: '中小企业IT网',
      type: 'article',
    });
    const og = Object.fromEntries(
      tags.map((t) => [(t as { property: string }).property, (t as { content: string }).content]),
    );
    expect(og).toMatchObject({
      'og:title': '标题',
      'og:description': '摘要',
      'og:url': 'https://m.example.cn/AI/news/12',
      'og:image': 'https://m.example.cn/uploads/a.jpg',
      'og:type': 'article',
    });
  });

  it('leaves og:image out without a picture', () => {
    const tags = shareMeta({ title: 't', description: 'd', url: 'https://x.cn/', siteName: 's' });
    expect(tags.some((t) => (t as { property?: string }).property === 'og:image')).toBe(false);
  });

  it('takes the origin from the request', () => {
    const request = new Request('https://www.example.cn/vendor?from=wx');
    expect(absoluteUrl(request, '/privacy')).toBe('https://www.example.cn/privacy');
    expect(pageUrl(request)).toBe('https://www.example.cn/vendor?from=wx');
  });
});
