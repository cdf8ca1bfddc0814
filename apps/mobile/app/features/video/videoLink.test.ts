import { describe, expect, it } from 'vitest';
import { videoTarget } from './videoLink';
import { embedSrc, fileSrc } from './player';

describe('video open rule', () => {
  it('type 1 opens the detail page', () => {
    expect(videoTarget({ id: 3, video_type: 1, url: 'https://v.example.com/page' })).toEqual({
      href: '/video_detail?id=3',
      external: false,
    });
  });
  it('a url containing .mp4 opens the detail page', () => {
    expect(videoTarget({ id: 4, video_type: 2, url: '/uploads/v/a.mp4' })).toEqual({
      href: '/video_detail?id=4',
      external: false,
    });
  });
  it('anything else opens the url in a new tab', () => {
    expect(videoTarget({ id: 5, video_type: 2, url: 'https://v.example.com/watch?v=1' })).toEqual({
      href: 'https://v.example.com/watch?v=1',
      external: true,
    });
  });
});

describe('player sources', () => {
  it('takes the src of an <iframe> snippet, or the address itself', () => {
    expect(
      embedSrc({
        iframe: '<iframe src="https://player.example.com/e/1?a=1&amp;b=2" width="100%"></iframe>',
        url: '',
      }),
    ).toBe('https://player.example.com/e/1?a=1&b=2');
    expect(embedSrc({ iframe: 'https://player.example.com/e/2', url: '' })).toBe(
      'https://player.example.com/e/2',
    );
    expect(embedSrc({ iframe: '', url: '/uploads/v.mp4' })).toBe('/uploads/v.mp4');
  });
  it('refuses script and data urls', () => {
    expect(
      embedSrc({ iframe: '<iframe src="javascript:alert(1)"></iframe>', url: 'javascript:alert(2)' }),
    ).toBeNull();
    expect(fileSrc({ url: 'data:video/mp4;base64,AAAA' })).toBeNull();
  });
});
