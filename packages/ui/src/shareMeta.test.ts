import { describe, expect, it } from 'vitest';
import { SHARE_IMAGE_PATH } from '@portal/routes';
import { absoluteUrl, pageUrl, shareImage, shareMeta } from './shareMeta';

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

  it('always gives a raster og:image: the site share picture without a picture of its own', () => {
    const tags = shareMeta({ title: 't', description: 'd', url: 'https://x.cn/a/1', siteName: 's' });
    const images = tags.filter((t) => (t as { property?: string }).property === 'og:image');
    expect(images).toEqual([{ property: 'og:image', content: 'https://x.cn/share.png' }]);
  });

  it('shares a seeded SVG as its JPEG rendition, other formats as the site picture', () => {
    expect(shareImage('/uploads/seed/img/thumb/ai-01.svg')).toBe('/uploads/seed/img/thumb/ai-01.jpg');
    expect(shareImage('/uploads/a/202611/x_640x360.PNG?v=2')).toBe('/uploads/a/202611/x_640x360.PNG?v=2');
    expect(shareImage('https://cdn.example.cn/p.jpeg')).toBe('https://cdn.example.cn/p.jpeg');
    expect(shareImage('/uploads/a/x.webp')).toBe(SHARE_IMAGE_PATH);
    expect(shareImage('')).toBe(SHARE_IMAGE_PATH);
    expect(shareImage(undefined)).toBe(SHARE_IMAGE_PATH);
  });

  it('takes the origin from the request', () => {
    const request = new Request('https://www.example.cn/vendor?from=wx');
    expect(absoluteUrl(request, '/privacy')).toBe('https://www.example.cn/privacy');
    expect(pageUrl(request)).toBe('https://www.example.cn/vendor?from=wx');
  });
});
