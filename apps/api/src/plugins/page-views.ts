import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import { addArticleViews } from '../repositories/articles';

/** Longest a counted view waits in memory before it is written (DESIGN.md section 5). */
export const PV_FLUSH_MS = 1000;

/**
 * Batches article page views in memory and writes them in one transaction at most once a second.
 * A view is counted exactly once: the batch leaves `pending` before it is written, goes back only
 * if the write transaction failed (so nothing of it was stored), and the last batch is written on close.
 */
export class PageViewCounter {
  private pending = new Map<number, number>();
  /** The batch being written, still counted by viewsFor() until it is stored. */
  private writing = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly database: Db,
    private readonly log: FastifyBaseLogger,
    private readonly delayMs = PV_FLUSH_MS,
  ) {}

  add(articleId: number): void {
    this.pending.set(articleId, (this.pending.get(articleId) ?? 0) + 1);
    if (!this.timer && !this.closed) {
      this.timer = setTimeout(() => void this.flush(), this.delayMs);
      this.timer.unref();
    }
  }

  /** Views of an article counted but not yet in the database. */
  unsaved(articleId: number): number {
    return (this.pending.get(articleId) ?? 0) + (this.writing.get(articleId) ?? 0);
  }

  /** Write what is pending; resolves when it (and any earlier write) is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.chain = this.chain.then(() => this.writeBatch());
    return this.chain;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = batch;
    try {
      await addArticleViews(this.database, batch);
    } catch (err) {
      this.log.error({ err }, 'page view flush failed; retrying with the next batch');
      for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
      if (!this.closed && !this.timer) {
        this.timer = setTimeout(() => void this.flush(), this.delayMs);
        this.timer.unref();
      }
    } finally {
      this.writing = new Map();
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    pageViews: PageViewCounter;
  }
}

export default fp(
  async (app) => {
    const counter = new PageViewCounter(app.database, app.log);
    app.decorate('pageViews', counter);
    app.addHook('onClose', async () => {
      await counter.close();
    });
  },
  { name: 'page-views', dependencies: ['db'] },
);
