import fp from 'fastify-plugin';
import { HEALTH_PATHS } from '@portal/routes';
import { ping } from '../db';

/** How long one dependency may take to answer a readiness probe before it counts as down. */
export const READY_CHECK_TIMEOUT_MS = 1000;

type CheckState = 'up' | 'down' | 'off';

async function within(check: () => Promise<unknown>, ms: number): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Health endpoints (DESIGN.md section 9), outside /api and never pages:
 * - `GET /healthz`: 200 while the process lives (nothing else is asked);
 * - `GET /readyz`: 200 when the database answers `select 1` and Redis (when REDIS_URL is set) answers
 *   PING, each within READY_CHECK_TIMEOUT_MS; 503 otherwise, and while the process is closing.
 *   With DATABASE_REPLICA_URLS it lists each replica's state (`replicas`), which never makes the
 *   process unready: public reads skip a replica that is down or lagging (db/replicas.ts).
 * The supervisor of `npm run start:prod` waits for /readyz before a worker counts as started, and
 * a load balancer in front of several hosts can probe it through nginx.
 */
export default fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    const noStore = { 'cache-control': 'no-store' };

    app.get(HEALTH_PATHS.live, { logLevel: 'warn' }, async (_request, reply) =>
      reply.headers(noStore).send({ status: 'ok' }),
    );

    app.get(HEALTH_PATHS.ready, { logLevel: 'warn' }, async (_request, reply) => {
      const redis = app.redis;
      const [database, redisState] = await Promise.all([
        within(() => ping(app.database), READY_CHECK_TIMEOUT_MS),
        // A disconnected client would queue the PING until it reconnects: down at once instead.
        redis
          ? redis.status === 'ready'
            ? within(() => redis.ping(), READY_CHECK_TIMEOUT_MS)
            : Promise.resolve<CheckState>('down')
          : Promise.resolve<CheckState>('off'),
      ]);
      const ready = !closing && database === 'up' && redisState !== 'down';
      const replicas = app.database.replicas?.status();
      return reply
        .code(ready ? 200 : 503)
        .headers(noStore)
        .send({
          status: ready ? 'ready' : closing ? 'closing' : 'unavailable',
          database,
          redis: redisState,
          ...(replicas ? { replicas } : {}),
        });
    });
  },
  { name: 'health', dependencies: ['db', 'redis'] },
);
