import fp from 'fastify-plugin';
import { publishDue } from '../repositories/newsroom';

/**
 * Publishes scheduled articles at their time, without waiting for traffic: a check each second,
 * and one at start (an article whose time passed while the server was down goes out then).
 * publishDue flips each article with a conditional update, so several processes publish it once.
 */
export interface Scheduler {
  /** One pass now; the ids it published (tests call it with their own clock). */
  runOnce(now?: number): Promise<number[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    scheduler: Scheduler;
  }
}

const TICK_MS = 1000;

export default fp(
  async (app) => {
    let running: Promise<number[]> | null = null;
    const runOnce = (now = Date.now()) => {
      // One pass at a time: a slow pass is not stacked on by the next tick.
      running ??= (async () => {
        try {
          const published = await publishDue(app.database, now);
          if (published.length > 0) {
            app.log.info({ articles: published }, 'scheduled articles published');
            await app.contentChanges.announce();
          }
          return published;
        } finally {
          running = null;
        }
      })();
      return running;
    };
    app.decorate<Scheduler>('scheduler', { runOnce });

    const tick = () => {
      runOnce().catch((err: unknown) => app.log.error({ err }, 'scheduled publishing failed'));
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, TICK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    });
  },
  { name: 'scheduler', dependencies: ['db', 'content-changes'] },
);
