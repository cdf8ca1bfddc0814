import { describe, expect, it } from 'vitest';
import { baiduTags, handlePhonePath, phonePathHandle, phoneUrlOf } from './baidu';

const TWO_HOSTS = { desktop: 'https://www.example.cn', mobile: 'https://m.example.cn' };
const ONE_HOST = { desktop: 'https://www.example.cn', mobile: 'https://www.example.cn' };

const content = (tags: ReturnType<typeof baiduTags>, key: string) =>
  tags.filter((t) => t.name === key || t.httpEquiv === key).map((t) => t.content);

describe('baiduTags', () => {
  it('marks each app for its devices and keeps the transcoder out of every page', () => {
    for (const [app, device] of [
      ['desktop', 'pc'],
      ['mobile', 'mobile'],
      ['landing', 'pc,mobile'],
    ] as const) {
      const tags = baiduTags(app);
      expect(content(tags, 'applicable-device')).toEqual([device]);
      expect(content(tags, 'Cache-Control')).toEqual(['no-transform', 'no-siteapp']);
      expect(content(tags, 'mobile-agent')).toEqual([]);
    }
  });

  it('names the phone page of a desktop page in mobile-agent, and only on desktop', () => {
    const url = 'https://m.example.cn/AI/news/12';
    expect(content(baiduTags('desktop', url), 'mobile-agent')).toEqual([`format=html5;url=${url}`]);
    expect(content(baiduTags('mobile', url), 'mobile-agent')).toEqual([]);
    expect(content(baiduTags('landing', url), 'mobile-agent')).toEqual([]);
  });
});

describe('phoneUrlOf', () => {
  it('is the route table equivalent on the mobile origin', () => {
    expect(phoneUrlOf(TWO_HOSTS, '/AI/12', '')).toBe('https://m.example.cn/AI/news/12');
    expect(phoneUrlOf(TWO_HOSTS, '/videoc', '?id=3')).toBe('https://m.example.cn/video_detail?id=3');
    expect(phoneUrlOf(TWO_HOSTS, '/', '')).toBe('https://m.example.cn/');
  });

  it('is PUBLIC_ORIGIN plus the phone path on a one-host setup', () => {
    expect(phoneUrlOf(ONE_HOST, '/video', '')).toBe('https://www.example.cn/video_List');
    expect(phoneUrlOf(ONE_HOST, '/AI/12', '')).toBe('https://www.example.cn/AI/news/12');
  });

  it('has none for a page without an equivalent, or whose equivalent is itself', () => {
    expect(phoneUrlOf(TWO_HOSTS, '/about', '')).toBeUndefined();
    // A category page and /more only fall back to the phone home: not the same content.
    expect(phoneUrlOf(TWO_HOSTS, '/AI', '')).toBeUndefined();
    expect(phoneUrlOf(TWO_HOSTS, '/more', '?id=0')).toBeUndefined();
    expect(phoneUrlOf(TWO_HOSTS, '/news/12', '')).toBeUndefined();
    expect(phoneUrlOf(ONE_HOST, '/', '')).toBeUndefined();
    expect(phoneUrlOf(ONE_HOST, '/topic/4', '')).toBeUndefined();
  });

  it("prefers the page's own phone path (an article's category page)", () => {
    expect(phoneUrlOf(TWO_HOSTS, '/news/12', '', '/AI/news/12')).toBe('https://m.example.cn/AI/news/12');
  });
});

describe('handlePhonePath', () => {
  const article = phonePathHandle<{ id: number }>((d) => `/new_detail?id=${d.id}`);
  it("asks the deepest route whose handle knows the page's phone path", () => {
    const matches = [
      { handle: undefined, loaderData: {} },
      { handle: article, loaderData: { id: 7 } },
      { handle: { other: true }, loaderData: {} },
    ];
    expect(handlePhonePath(matches)).toBe('/new_detail?id=7');
  });
  it('has none when no route knows, or the route failed (no data)', () => {
    expect(handlePhonePath([{ handle: undefined, loaderData: {} }])).toBeUndefined();
    expect(handlePhonePath([{ handle: article, loaderData: undefined }])).toBeUndefined();
  });
});
