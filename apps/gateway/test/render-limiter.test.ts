import { describe, expect, it } from 'vitest';
import { OverloadedError, RenderLimiter, isCrawler } from '../src/render-limiter';

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A render that runs until let go. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { release, render: async () => done };
}

describe('RenderLimiter render share', () => {
  async function secondStartsAtOnce(maxShare: number): Promise<boolean> {
    const limiter = new RenderLimiter({ concurrency: 1, queue: 1, maxWaitMs: 60_000, maxShare });
    const first = held();
    let secondStarted = false;
    const one = limiter.run(first.render);
    const two = limiter.run(async () => {
      secondStarted = true;
    });
    await sleep(30); // the first render holds its slot a while
    first.release();
    await one;
    await turns(5);
    const atOnce = secondStarted;
    await two;
    expect(secondStarted).toBe(true);
    return atOnce;
  }

  it('hands the slot on at once when renders may take all of the time', async () => {
    expect(await secondStartsAtOnce(1)).toBe(true);
  });

  it('pauses before the next render when renders may take half of the time, then runs it', async () => {
    expect(await secondStartsAtOnce(0.5)).toBe(false);
  });
});

describe('RenderLimiter for crawlers', () => {
  it('refuses a render that may not wait when no slot is free, while one that may wait queues', async () => {
    const limiter = new RenderLimiter({ concurrency: 1, queue: 4, maxWaitMs: 60_000 });
    const first = held();
    const one = limiter.run(first.render);
    await expect(limiter.run(async () => 'crawler', true, false)).rejects.toBeInstanceOf(OverloadedError);
    const reader = limiter.run(async () => 'reader');
    first.release();
    await one;
    expect(await reader).toBe('reader');
    // A free slot is taken by a crawler too.
    expect(await limiter.run(async () => 'crawler', true, false)).toBe('crawler');
  });

  it('tells search engines’ crawlers from browsers by User-Agent', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    ])
      expect(isCrawler(ua), ua).toBe(true);
    for (const ua of [
      undefined,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47',
    ])
      expect(isCrawler(ua), ua).toBe(false);
  });
});
