import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, requestIdOf } from '@portal/config';
import { redactingLoggerOptions } from '@portal/api-client/redact';
import { loadConfig, type ApiConfig } from './config';
import { BODY_LIMIT } from './lib/body-limits';
import { decorateCalls } from './routes/define-call';
import { yupValidatorCompiler } from './lib/validation';
import auth from './plugins/auth';
import cache from './plugins/cache';
import contentChanges from './plugins/content-changes';
import db from './plugins/db';
import errors, { frameworkErrors } from './plugins/errors';
import health from './plugins/health';
import housekeeping from './plugins/housekeeping';
import imageDecodes from './plugins/image-decodes';
import resanitize from './plugins/resanitize';
import metrics from './plugins/metrics';
import newsletter from './plugins/newsletter';
import moderation from './plugins/moderation';
import pageViews from './plugins/page-views';
import rateLimit from './plugins/rate-limit';
import redis from './plugins/redis';
import scheduler from './plugins/scheduler';
import searchPush from './plugins/search-push';
import cdnPurge from './plugins/cdn-purge';
import storage from './plugins/storage';
import routes from './routes';
import adminApi from './routes/admin';
import memberMultipart from './routes/member/multipart';
import sitemap from './routes/sitemap';
import uploadFiles from './routes/uploads';

export type { ApiConfig } from './config';
export { API_VARIABLES } from './config';

export { BODY_LIMIT } from './lib/body-limits';

/** How the process around the API runs it (not configuration: nothing here comes from the environment). */
export interface BuildRuntime {
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * The API as a Fastify instance (not listening): plugins, then every `/api/{name}` route.
 * Opening it migrates the database and seeds an empty one unless `seed: false`.
 * Used by src/server.ts and in-process by the gateway (fastify.inject).
 */
export async function buildApp(
  options: Partial<ApiConfig> = {},
  runtime: BuildRuntime = {},
): Promise<FastifyInstance> {
  const config = loadConfig(options);
  const app = Fastify({
    // Stokens, passwords and codes never reach a log line, even from a URL's query (issue 11).
    logger: {
      ...redactingLoggerOptions(config.logLevel),
      ...(runtime.logStream ? { stream: runtime.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT,
    // The request id nginx (X-Request-Id) or the gateway gave the request, in every log line (reqId).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Fastify's defaults, stated because they are a security requirement (DESIGN.md section 5).
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Undecodable URLs answer an envelope like every other bad request.
    frameworkErrors,
    // Client IPs (rate limits) come from X-Forwarded-For only when a trusted proxy set it (TRUST_PROXY
    // names them). In-process, the gateway has replaced the header with the one address it
    // determined by the same rules: the API believes exactly that.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // The first start seeds thousands of articles (more on a busy PostgreSQL): give plugins time.
    pluginTimeout: 180_000,
  });
  app.setValidatorCompiler(yupValidatorCompiler);
  decorateCalls(app);

  await app.register(errors);
  await app.register(metrics);
  await app.register(storage, { config });
  await app.register(db, { config });
  await app.register(housekeeping, { config });
  await app.register(resanitize);
  await app.register(redis, { config });
  await app.register(health);
  await app.register(rateLimit);
  await app.register(cache, { config });
  await app.register(contentChanges, { config });
  await app.register(moderation);
  await app.register(pageViews, { config });
  await app.register(auth, { config });
  await app.register(imageDecodes, { config });
  await app.register(newsletter, { config });
  await app.register(memberMultipart, { config });
  await app.register(routes, { config });
  await app.register(uploadFiles);
  await app.register(sitemap, { config });
  await app.register(adminApi, { prefix: '/admin/api', config });
  await app.register(scheduler);
  await app.register(searchPush, { config });
  await app.register(cdnPurge, { config });
  await app.ready();
  return app;
}
