import { ConfigError } from '@portal/config';
import { createGateway } from './gateway';
import { loadGatewayConfig } from './config';

/** `node apps/gateway/dist/server.js`: API, uploads, assets and the three apps on PORT (default 8080). */
async function start() {
  try {
    const config = loadGatewayConfig();
    return { config, app: await createGateway(config) };
  } catch (error) {
    // A bad environment (here or in the in-process API's variables) is the operator's to fix: say
    // what is wrong, without a stack trace.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
const { config, app } = await start();

/**
 * A stopping gateway drains for DRAIN_MS before it stops listening, so that the proxy in front
 * (nginx, proxy_next_upstream) stops choosing it while nothing is lost:
 * - a GET or HEAD is answered 503: nginx retries it on another gateway and marks this one failed
 *   (max_fails), so it sends no new connection here and none waits in the accept queue when the
 *   listening socket closes (such a connection would be reset, and a POST in it could not be retried);
 * - any other request is served as usual: nginx never resends a POST that reached a gateway;
 * - every answer says `Connection: close`, so no keep-alive socket is reused while it closes.
 * Then the listening socket closes (new connections are refused: nginx retries them, any method),
 * requests in flight finish, and the in-process API flushes page views and closes its pools.
 */
const DRAIN_MS = 1000;
let closing = false;
app.addHook('onRequest', async (request, reply) => {
  if (!closing) return;
  // On the raw response: API routes write their own head (api-host.ts), which keeps this header.
  reply.raw.setHeader('Connection', 'close');
  if (request.method === 'GET' || request.method === 'HEAD') {
    return reply
      .code(503)
      .header('Retry-After', '1')
      .header('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('服务正在重启，请稍后再试');
  }
});

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing (finishing in-flight requests)`);
  // Give in-flight requests time to finish; then the in-process API flushes batched page views and
  // closes its database pool and Redis. Never hang forever.
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  try {
    await new Promise((resolve) => setTimeout(resolve, Math.min(DRAIN_MS, config.shutdownTimeoutMs)));
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
// A worker of `npm run start:prod` (an IPC channel to its supervisor): a supervisor that is gone
// leaves no orphan serving.
if (process.send) process.once('disconnect', () => void shutdown('supervisor gone'));

await app.listen({ port: config.port, host: config.host });
