import { describe, expect, it } from 'vitest';
import { BAIDU_JSON_LD_CONTEXT, baiduTimeFactorJsonLd, newsArticleJsonLd } from './jsonLd';

const ARTICLE = {
  title: '华为云发布新一代存储方案',
  description: '摘要',
  keyword: '存储,云',
  thumb: '/uploads/a.jpg',
  created_at: '2026-11-20 08:00',
  updated_at: '2026-11-21 17:45',
  author: '作者',
  adminName: '编辑',
  cat_name: '人工智能',
};
const where = { canonical: 'https://www.example.cn/AI/12', origin: 'https://www.example.cn' };

describe('article structured data', () => {
  it('NewsArticle keeps ISO 8601 times with the China offset', () => {
    const ld = newsArticleJsonLd(ARTICLE, where);
    expect(ld.datePublished).toBe('2026-11-20T08:00:00+08:00');
    expect(ld.dateModified).toBe('2026-11-21T17:45:00+08:00');
  });

  it("Baidu's time factor: pubDate and upDate in Beijing local time without offset", () => {
    const ld = baiduTimeFactorJsonLd(ARTICLE, { url: where.canonical, origin: where.origin });
    expect(ld).toMatchObject({
      '@context': BAIDU_JSON_LD_CONTEXT,
      '@id': 'https://www.example.cn/AI/12',
      title: ARTICLE.title,
      images: ['https://www.example.cn/uploads/a.jpg'],
      pubDate: '2026-11-20T08:00:00',
      upDate: '2026-11-21T17:45:00',
    });
  });

  it('an article never edited has its publication as its last edit', () => {
    const never = { ...ARTICLE, updated_at: '' };
    expect(baiduTimeFactorJsonLd(never, { url: where.canonical, origin: where.origin }).upDate).toBe(
      '2026-11-20T08:00:00',
    );
    expect(newsArticleJsonLd(never, where).dateModified).toBe('2026-11-20T08:00:00+08:00');
  });
});
