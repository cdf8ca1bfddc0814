import { describe, expect, it } from 'vitest';
import { videoTarget } from './videoLink';

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
