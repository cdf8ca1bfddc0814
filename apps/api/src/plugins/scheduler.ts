import fp from 'fastify-plugin';
import type { Db } from '../db';
import { publishDue, unpublishDue } from '../repositories/newsroom';

/**
 * Publishes scheduled articles at their time and takes articles offline at their 下线时间, without
 * waiting for traffic: a check each second, and one at start (a time that passed while the server
 * was down is acted on then). Each flip is a conditional update, so several processes do it once.
 */
export interface Scheduler {
  /** One pass now; the ids it published (tests call it with their own clock). */
  runOnce(now?: number): Promise<number[]>;
  /** One pass of the takedowns now; the ids it took offline. */
  unpublishOnce(now?: number): Promise<number[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

const TICK_MS = 1000;

export default fp(
  async (app) => {
    /** Passes still running, awaited on close. */
    const running = new Set<Promise<number[]>>();
    /** One pass of `flip` at a time (a slow pass is not stacked on by the next tick); announces what changed. */
    const singlePass = (flip: (database: Db, now: number) => Promise<number[]>, done: string) => {
      let pass: Promise<number[]> | null = null;
      const run = async (now: number) => {
        const ids = await flip(app.database, now);
        if (ids.length > 0) {
          app.log.info({ articles: ids }, done);
          await app.contentChanges.announce({ articles: ids });
        }
        return ids;
      };
      return (now = Date.now()) => {
        if (pass) return pass;
        const current = run(now).finally(() => {
          running.delete(current);
          pass = null;
        });
        running.add(current);
        pass = current;
        return current;
      };
    };
    const runOnce = singlePass(publishDue, 'scheduled articles published');
    const unpublishOnce = singlePass(unpublishDue, 'articles taken offline at their time');
    app.decorate<Scheduler>('scheduler', { runOnce, unpublishOnce });

    const tick = () => {
      runOnce().catch((err: unknown) => app.log.error({ err }, 'scheduled publishing failed'));
      unpublishOnce().catch((err: unknown) => app.log.error({ err }, 'scheduled unpublishing failed'));
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, TICK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await Promise.allSettled([...running]);
    });
  },
  { name: 'scheduler', dependencies: ['db', 'content-changes'] },
);
