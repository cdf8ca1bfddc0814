import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, type ApiConfig } from './config';
import { yupValidatorCompiler } from './lib/validation';
import auth from './plugins/auth';
import cache from './plugins/cache';
import contentChanges from './plugins/content-changes';
import db from './plugins/db';
import errors from './plugins/errors';
import pageViews from './plugins/page-views';
import rateLimit from './plugins/rate-limit';
import redis from './plugins/redis';
import scheduler from './plugins/scheduler';
import routes from './routes';
import adminApi from './routes/admin';
import memberMultipart from './routes/member/multipart';

export type { ApiConfig } from './config';

/** JSON bodies of every call are small; uploads (multipart) set their own limits. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * The API as a Fastify instance (not listening): plugins, then every `/api/{name}` route.
 * Opening it migrates the database and seeds an empty one unless `seed: false`.
 * Used by src/server.ts and in-process by the gateway (fastify.inject).
 */
export async function buildApp(options: Partial<ApiConfig> = {}): Promise<FastifyInstance> {
  const config = loadConfig(options);
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // Fastify's defaults, stated because they are a security requirement (DESIGN.md section 5).
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Client IPs (rate limits) come from X-Forwarded-For only when it is set by a trusted proxy.
    trustProxy: config.trustProxy ? true : 'loopback',
    // The first start seeds thousands of articles (more on a busy PostgreSQL): give plugins time.
    pluginTimeout: 180_000,
  });
  app.setValidatorCompiler(yupValidatorCompiler);

  await app.register(errors);
  await app.register(db, { config });
  await app.register(redis, { config });
  await app.register(rateLimit);
  await app.register(cache, { config });
  await app.register(contentChanges, { config });
  await app.register(pageViews);
  await app.register(auth, { config });
  await app.register(memberMultipart, { config });
  await app.register(routes, { config });
  await app.register(adminApi, { prefix: '/admin/api', config });
  await app.register(scheduler);
  await app.ready();
  return app;
}

export default buildApp;
