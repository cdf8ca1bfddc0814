import { describe, expect, it } from 'vitest';
import { PLAYER_HOSTS_MESSAGE, isPlayerSrc, playerCodeSrc, playerProblem, videoSrc } from './players';
import { VideoType } from './constants';

const embed = (iframe: string, url = '') => ({ video_type: VideoType.Embed, iframe, url });

describe('player sources', () => {
  it('takes the src of an <iframe> snippet, or the address itself', () => {
    expect(
      playerCodeSrc('<iframe src="https://player.bilibili.com/p?a=1&amp;b=2" width="100%"></iframe>'),
    ).toBe('https://player.bilibili.com/p?a=1&b=2');
    expect(playerCodeSrc(' https://v.qq.com/txp/iframe/player.html?vid=x ')).toBe(
      'https://v.qq.com/txp/iframe/player.html?vid=x',
    );
    expect(playerCodeSrc('<iframe width="1"></iframe>')).toBe('');
  });

  it('allows https on the player hosts and the portal’s own uploads only', () => {
    expect(isPlayerSrc('https://player.bilibili.com/player.html?bvid=1')).toBe(true);
    expect(isPlayerSrc('/uploads/video/demo2.mp4')).toBe(true);
    expect(isPlayerSrc('http://player.bilibili.com/x')).toBe(false);
    expect(isPlayerSrc('https://evil.example.com/phish')).toBe(false);
    expect(isPlayerSrc('https://player.bilibili.com.evil.example/x')).toBe(false);
    expect(isPlayerSrc('https://user@evil.example/?player.bilibili.com')).toBe(false);
    expect(isPlayerSrc('/admin')).toBe(false);
    expect(isPlayerSrc('/uploads/../admin')).toBe(false);
    expect(isPlayerSrc('//evil.example/x')).toBe(false);
    expect(isPlayerSrc('javascript:alert(1)')).toBe(false);
  });

  it('a page plays only what is allowed', () => {
    expect(videoSrc({ ...embed('<iframe src="https://www.youtube.com/embed/x"></iframe>') })).toBe(
      'https://www.youtube.com/embed/x',
    );
    expect(
      videoSrc(embed('<iframe src="https://evil.example/"></iframe>', 'https://player.vimeo.com/1')),
    ).toBeNull();
    expect(videoSrc(embed('', 'https://player.vimeo.com/video/1'))).toBe('https://player.vimeo.com/video/1');
    expect(videoSrc({ video_type: VideoType.File, iframe: '', url: '/uploads/v.mp4' })).toBe(
      '/uploads/v.mp4',
    );
    expect(
      videoSrc({ video_type: VideoType.File, iframe: '', url: 'data:video/mp4;base64,AAAA' }),
    ).toBeNull();
    expect(videoSrc({ video_type: VideoType.File, iframe: '', url: '//evil.example/v.mp4' })).toBeNull();
  });

  it('a save names the field and the allowed hosts', () => {
    expect(playerProblem(embed('<iframe src="https://evil.example/"></iframe>'))).toEqual({
      field: 'iframe',
      message: PLAYER_HOSTS_MESSAGE,
    });
    expect(playerProblem(embed('', 'https://evil.example/'))).toEqual({
      field: 'url',
      message: PLAYER_HOSTS_MESSAGE,
    });
    expect(playerProblem(embed('<iframe src="https://player.youku.com/embed/1"></iframe>'))).toBeNull();
    expect(playerProblem({ video_type: VideoType.File, iframe: '', url: '/uploads/v.mp4' })).toBeNull();
    expect(PLAYER_HOSTS_MESSAGE).toContain('player.bilibili.com');
  });

  it('reads a long snippet in linear time', () => {
    const hostile = '<iframe'.repeat(50_000) + ' src="x';
    expect(playerCodeSrc(hostile)).toBe('');
  });
});
