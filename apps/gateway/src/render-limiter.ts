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

  constructor(private readonly limits: RenderLimits) {}

  /**
   * Runs `render` when a slot is free, after waiting for one if it must; rejects with OverloadedError
   * when none frees within the wait or too many wait already. `shed: false` (a form post: its data
   * must not be refused for load) runs at once, above the limit.
   */
  async run<T>(render: () => Promise<T>, shed = true): Promise<T> {
    if (this.running < this.limits.concurrency || !shed) this.running += 1;
    else await this.slot();
    try {
      await afterPendingIo();
      return await render();
    } finally {
      this.release();
    }
  }

  /** No slot free and no room to wait: a render asked for now would be refused. */
  get full(): boolean {
    return this.running >= this.limits.concurrency && this.waiting.size >= this.limits.queue;
  }

  /** Runs `render` only if a slot is free now (a background refresh); null otherwise. */
  tryRun<T>(render: () => Promise<T>): Promise<T> | null {
    if (this.running >= this.limits.concurrency) return null;
    this.running += 1;
    return afterPendingIo()
      .then(render)
      .finally(() => this.release());
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

  /** A render ended: its slot goes to the oldest waiter, or is freed. */
  private release(): void {
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
