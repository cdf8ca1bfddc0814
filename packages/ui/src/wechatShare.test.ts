// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isWechatBrowser, readShareCard } from './wechatShare';

describe('isWechatBrowser', () => {
  it("recognises WeChat's browser on phones and desktops, and nothing else", () => {
    expect(
      isWechatBrowser('Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI'),
    ).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (Windows NT 10.0) MicroMessenger/7.0.20 WindowsWechat')).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) Version/17.0 Mobile/15E148 Safari/604.1')).toBe(false);
    expect(isWechatBrowser('Mozilla/5.0 (Linux; Android 13) Chrome/120 Mobile Safari/537.36 QQ/9.0')).toBe(
      false,
    );
  });
});

describe('readShareCard', () => {
  const HERE = 'https://m.example.com/AI/news/12?x=1#c';
  const page = (head: string, title = '页面标题') => {
    const doc = document.implementation.createHTMLDocument(title);
    doc.head.insertAdjacentHTML('beforeend', head);
    return doc;
  };

  it('takes the title, description, canonical address and og:image of the head', () => {
    const doc = page(
      '<meta property="og:title" content="文章标题_中小企业IT网">' +
        '<meta name="description" content="文章摘要">' +
        '<link rel="canonical" href="https://www.example.com/AI/12">' +
        '<meta property="og:url" content="https://m.example.com/AI/news/12">' +
        '<meta property="og:image" content="/uploads/a.jpg">',
    );
    expect(readShareCard(doc, HERE)).toEqual({
      title: '文章标题_中小企业IT网',
      desc: '文章摘要',
      link: 'https://www.example.com/AI/12',
      imgUrl: 'https://m.example.com/uploads/a.jpg',
    });
  });

  it('falls back to the document title, og:description, the address without fragment and the icon', () => {
    const doc = page(
      '<meta property="og:description" content="站点介绍"><link rel="icon" href="/favicon.svg">',
    );
    expect(readShareCard(doc, HERE)).toEqual({
      title: '页面标题',
      desc: '站点介绍',
      link: 'https://m.example.com/AI/news/12?x=1',
      imgUrl: 'https://m.example.com/favicon.svg',
    });
  });
});
