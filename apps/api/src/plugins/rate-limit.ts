import fp from 'fastify-plugin';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from '../lib/rate-limit';

/** `app.rateLimit`: the fixed-window counters of lib/rate-limit.ts, shared in Redis when REDIS_URL is set. */
declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

export default fp(
  async (app) => {
    app.decorate<RateLimiter>(
      'rateLimit',
      app.redis
        ? new RedisRateLimiter(app.redis, (msg, err) => app.log.warn({ err }, msg))
        : new MemoryRateLimiter(),
    );
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
