import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { ApiConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared Redis connection when REDIS_URL is set (rate limits, caches across processes). */
    redis: Redis | null;
  }
}

export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    if (!config.redisUrl) {
      app.decorate('redis', null);
      return;
    }
    const redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 2,
      enableOfflineQueue: true,
      lazyConnect: true,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
    await redis.connect();
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      await redis.quit();
    });
  },
  { name: 'redis' },
);
