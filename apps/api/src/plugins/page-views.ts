import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import type { ViewDevice } from '@portal/api-client/stats';
import type { ApiConfig } from '../config';
import type { Db } from '../db';
import { classifyReferrer, portalHosts } from '../lib/referrer';
import { formatDate, nextShanghaiMidnight } from '../lib/time';
import { addArticleViews } from '../repositories/articles';
import { dailyKey, type DailyViews, type ViewClass } from '../repositories/views-daily';

const DAY_MS = 86_400_000;

interface Waiter {
  articleId: number;
  resolve(pv: number | null): void;
  reject(err: unknown): void;
}

/**
 * Counts article page views with group commit: a view is acknowledged only once the transaction
 * holding it is committed, so a crash (SIGKILL) or a stop never loses a view the reader was told about.
 * Views that arrive while a batch is being written wait for the next batch, which adds them in one
 * `UPDATE … SET pv = pv + n` per article: 10,000 concurrent views of one article cost a few dozen
 * transactions, not 10,000 commits contending for one row (as databases group their own commits).
 * The same batch adds each view to its daily row (article, day, device, source) with one upsert,
 * in the same transaction: the daily rows and `pv` never disagree.
 */
export class PageViewCounter {
  private pending = new Map<number, number>();
  private pendingDaily = new Map<string, DailyViews>();
  private waiters: Waiter[] = [];
  /** The batch being committed; at most one at a time, so batches never contend for a row. */
  private writing: Promise<void> | null = null;
  private scheduled = false;
  /** The day of views counted between `from` and `until` (epoch ms; Asia/Shanghai has no DST). */
  private today = { day: '', from: 0, until: 0 };

  constructor(
    private readonly database: Db,
    private readonly log: FastifyBaseLogger,
    /** The portal's own hosts (a referrer there is `internal`); null: no daily rows are counted. */
    private readonly daily: { ownHosts: readonly string[] } | null = null,
  ) {}

  /**
   * Counts one view of a page whose referrer was `ref`, sent by `device` (desktop when unsaid):
   * the referrer is reduced to its source class here and goes no further.
   */
  count(
    articleId: number,
    from: { ref?: string; device?: ViewDevice },
    now = Date.now(),
  ): Promise<number | null> {
    if (!this.daily) return this.add(articleId);
    return this.add(articleId, {
      day: this.dayOf(now),
      device: from.device ?? 'desktop',
      source: classifyReferrer(from.ref, this.daily.ownHosts),
    });
  }

  /** formatDate(now), formatted once a day: every counted view needs its day. */
  private dayOf(now: number): string {
    const today = this.today;
    if (now >= today.from && now < today.until) return today.day;
    const until = nextShanghaiMidnight(now);
    this.today = { day: formatDate(now), from: until - DAY_MS, until };
    return this.today.day;
  }

  /**
   * Counts one view; resolves with the article's stored count once the view is committed, or null
   * when no published article has that id (nothing counted). Rejects when the write failed: the
   * view was not stored and must not be acknowledged. `daily`: its day, device and source class,
   * unless daily statistics are off.
   */
  add(articleId: number, daily?: ViewClass): Promise<number | null> {
    return new Promise((resolve, reject) => {
      this.pending.set(articleId, (this.pending.get(articleId) ?? 0) + 1);
      if (daily) {
        const key = dailyKey(articleId, daily);
        const row = this.pendingDaily.get(key);
        if (row) row.views += 1;
        else this.pendingDaily.set(key, { articleId, ...daily, views: 1 });
      }
      this.waiters.push({ articleId, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves when every view counted so far is committed (or refused to its caller). */
  async flush(): Promise<void> {
    while (this.writing || this.pending.size > 0) {
      this.startWrite();
      await this.writing;
    }
  }

  /** Shutdown hook: awaits the views in flight. Views added later are still written, never dropped. */
  close(): Promise<void> {
    return this.flush();
  }

  /** Views that arrive in the same turn of the event loop go into one batch. */
  private schedule(): void {
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.startWrite();
    });
  }

  private startWrite(): void {
    if (this.writing || this.pending.size === 0) return;
    const batch = this.pending;
    const daily = [...this.pendingDaily.values()];
    const waiters = this.waiters;
    this.pending = new Map();
    this.pendingDaily = new Map();
    this.waiters = [];
    this.writing = this.commit(batch, daily, waiters).finally(() => {
      this.writing = null;
      if (this.pending.size > 0) this.schedule();
    });
  }

  private async commit(batch: Map<number, number>, daily: DailyViews[], waiters: Waiter[]): Promise<void> {
    let counts: Map<number, number>;
    try {
      counts = await addArticleViews(this.database, batch, daily);
    } catch (err) {
      this.log.error({ err, views: waiters.length }, 'page view write failed; the views were not counted');
      for (const w of waiters) w.reject(err);
      return;
    }
    for (const w of waiters) w.resolve(counts.get(w.articleId) ?? null);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    pageViews: PageViewCounter;
  }
}

export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const { desktop, mobile } = config.publicOrigins;
    const counter = new PageViewCounter(
      app.database,
      app.log,
      config.statsRetentionDays > 0 ? { ownHosts: portalHosts([desktop, mobile]) } : null,
    );
    app.decorate('pageViews', counter);
    // Runs before the database plugin closes its pool (onClose hooks run in reverse order).
    app.addHook('onClose', async () => {
      await counter.close();
    });
  },
  { name: 'page-views', dependencies: ['db'] },
);
