import type { FastifyReply } from 'fastify';
import { MSG } from '@portal/api-client/messages';

/**
 * The overload rule (issue 27): a worker renders at most `concurrency` pages at once; up to `queue`
 * more wait, each at most `maxWaitMs`; the rest are refused at once with 503 + Retry-After rather
 * than queued for seconds behind renders the cores cannot finish. Cached pages (fresh or stale)
 * never come here, nor do API calls and the back office: only renders are limited.
 */
export interface RenderLimits {
  /** Renders running at once (RENDER_CONCURRENCY). */
  concurrency: number;
  /** Renders that may wait for a slot (RENDER_QUEUE). */
  queue: number;
  /** Longest wait for a slot in ms (RENDER_QUEUE_WAIT_MS); then 503. */
  maxWaitMs: number;
  /**
   * The most of a worker's time renders may take (RENDER_SHARE_PERCENT / 100; 1 when unset): a slot is
   * handed on only after a pause of (1 - share) / share times the render it held, so the event loop
   * and the cores have that time for cached pages between renders.
   */
  maxShare?: number;
}

/** A render refused by the limiter: answer sendOverloaded. */
export class OverloadedError extends Error {
  constructor() {
    super('render refused: the worker is at its render limit');
    this.name = 'OverloadedError';
  }
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

export class RenderLimiter {
  private running = 0;
  /** Waiting renders, oldest first (a Set keeps insertion order; deleting one is O(1)). */
  private readonly waiting = new Set<Waiter>();

  /** Pause after a render, per ms of render: 0 when renders may take all of the worker's time. */
  private readonly pausePerMs: number;

  constructor(private readonly limits: RenderLimits) {
    const share = limits.maxShare ?? 1;
    this.pausePerMs = share >= 1 ? 0 : (1 - share) / share;
  }

  /**
   * Runs `render` when a slot is free, after waiting for one if it must; rejects with OverloadedError
   * when none frees within the wait or too many wait already. `shed: false` (a form post: its data
   * must not be refused for load) runs at once, above the limit; `wait: false` (a crawler, which
   * comes back after Retry-After) is refused at once rather than queued when no slot is free.
   */
  async run<T>(render: () => Promise<T>, shed = true, wait = true): Promise<T> {
    if (this.running < this.limits.concurrency || !shed) this.running += 1;
    else if (!wait) throw new OverloadedError();
    else await this.slot();
    const began = performance.now();
    try {
      await afterPendingIo();
      return await render();
    } finally {
      this.release(performance.now() - began);
    }
  }

  /** No slot free now: a render that may not wait would be refused. */
  get busy(): boolean {
    return this.running >= this.limits.concurrency;
  }

  /** No slot free and no room to wait: a render asked for now would be refused. */
  get full(): boolean {
    return this.running >= this.limits.concurrency && this.waiting.size >= this.limits.queue;
  }

  /** Runs `render` only if a slot is free now (a background refresh); null otherwise. */
  tryRun<T>(render: () => Promise<T>): Promise<T> | null {
    if (this.running >= this.limits.concurrency) return null;
    this.running += 1;
    const began = performance.now();
    return afterPendingIo()
      .then(render)
      .finally(() => this.release(performance.now() - began));
  }

  private slot(): Promise<void> {
    if (this.waiting.size >= this.limits.queue) return Promise.reject(new OverloadedError());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          this.waiting.delete(waiter);
          reject(new OverloadedError());
        }, this.limits.maxWaitMs),
      };
      this.waiting.add(waiter);
    });
  }

  /**
   * A render of `ms` ended: its slot goes to the oldest waiter, or is freed, after the pause the
   * render share asks for (the slot stays taken meanwhile). Wall time, not CPU time: on a loaded
   * machine a render takes longer and the pause grows with it, giving readers more room.
   */
  private release(ms: number): void {
    const pause = ms * this.pausePerMs;
    if (pause < 1) this.handOn();
    else setTimeout(() => this.handOn(), pause);
  }

  private handOn(): void {
    for (const next of this.waiting) {
      this.waiting.delete(next);
      clearTimeout(next.timer);
      next.admit();
      return;
    }
    this.running -= 1;
  }
}

/**
 * Resolves in the event loop's check phase, once the I/O already waiting has been handled. A render
 * on SQLite is one long synchronous stretch (its queries do not yield), and a slot handed from one
 * render to the next would otherwise start it in the same run of microtasks: readers of cached
 * pages would wait behind every render queued. Each render begins after them instead.
 */
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Search engines' crawlers by User-Agent (spider, bot/, crawler, slurp, or the +http link to their
 * help page that Baidu, Sogou, 360, Google and Bing send): their renders are refused rather than
 * queued, since they come back after Retry-After and a queued render holds readers' time on the
 * worker. A crawler posing as a browser is simply a reader.
 */
const CRAWLER_UA = /spider|bot\/|crawler|slurp|\+https?:\/\//i;

export function isCrawler(userAgent: string | undefined): boolean {
  return !!userAgent && CRAWLER_UA.test(userAgent);
}

/** Seconds a refused reader (or crawler) is asked to wait before trying again. */
export const RETRY_AFTER_S = 5;

/** The overload page: plain, valid HTML with no script, so it needs no nonce and costs nothing to send. */
const OVERLOADED_PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>访问繁忙</title>
<style>body{font-family:sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#333;text-align:center}</style>
</head>
<body>
<main>
<h1>访问繁忙</h1>
<p>${MSG.pagesBusy}</p>
<p><a href="/">返回首页</a></p>
</main>
</body>
</html>
`;

/** 503 with Retry-After and the overload page; never stored by any cache. */
export function sendOverloaded(reply: FastifyReply) {
  return reply
    .code(503)
    .header('Retry-After', String(RETRY_AFTER_S))
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(OVERLOADED_PAGE);
}
