import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ConfigError } from '@portal/config';
import { createGateway } from './gateway';
import { loadGatewayConfig } from './config';
import { createMetrics, startMetricsServer } from './metrics';

/** `node apps/gateway/dist/server.js`: API, uploads, assets and the three apps on PORT (default 8080). */
async function start() {
  try {
    const config = loadGatewayConfig();
    const metrics = config.metricsPort ? createMetrics({ processMetrics: true }) : undefined;
    return { config, metrics, app: await createGateway({ ...config, metrics }) };
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
const { config, metrics, app } = await start();

/**
 * A stopping gateway drains (see drained(): at least DRAIN_MS, at most DRAIN_MAX_MS) before it
 * stops listening, so that the proxy in front
 * (nginx, proxy_next_upstream) stops choosing it while nothing is lost:
 * - a GET or HEAD is answered 504: nginx retries it on another gateway and marks this one failed
 *   (max_fails), so it sends no new connection here and none waits in the accept queue when the
 *   listening socket closes (such a connection would be reset, and a POST in it could not be retried).
 *   Not 503: a worker answers 503 when the shared database is unavailable (every worker would), and
 *   nginx passes that to the reader without marking anyone failed (else: no live upstreams, 502);
 * - any other request is served as usual: nginx never resends a POST that reached a gateway;
 * - every answer says `Connection: close`, so no keep-alive socket is reused while it closes.
 * Then the listening socket closes (new connections are refused: nginx retries them, any method),
 * requests in flight finish, and the in-process API flushes page views and closes its pools.
 */
const DRAIN_MS = 1000;
/** What a draining gateway answers a GET or HEAD: the status nginx retries elsewhere (packages/routes' nginx config). */
const DRAINING_STATUS = 504;
/** No new connection for this long: the proxy has stopped choosing this gateway. */
const DRAIN_QUIET_MS = 500;
/** The drain never lasts longer than this (nor half of SHUTDOWN_TIMEOUT_MS). */
const DRAIN_MAX_MS = 15_000;
let closing = false;
let drainStartedAt = 0;
let lastConnectionAt = 0;
/** Open sockets: when each was accepted and whether a request on it is being answered. */
const sockets = new Map<Socket, { openedAt: number; busy: boolean }>();
app.server.on('connection', (socket: Socket) => {
  lastConnectionAt = Date.now();
  sockets.set(socket, { openedAt: lastConnectionAt, busy: false });
  socket.once('close', () => sockets.delete(socket));
});
app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
  const state = sockets.get(request.socket as Socket);
  if (!state) return;
  state.busy = true;
  response.once('close', () => {
    state.busy = false;
  });
});
/**
 * Done draining: nothing new for DRAIN_QUIET_MS, and every socket left is one the proxy opened
 * before the drain and is not using (a socket opened since waits for its request and its answer,
 * after which `Connection: close` ends it): closing now resets no request.
 */
function drained(now: number): boolean {
  if (now - drainStartedAt < DRAIN_MS || now - lastConnectionAt < DRAIN_QUIET_MS) return false;
  for (const state of sockets.values()) if (state.busy || state.openedAt >= drainStartedAt) return false;
  return true;
}

app.addHook('onRequest', async (request, reply) => {
  if (!closing) return;
  // On the raw response: API routes write their own head (api-host.ts), which keeps this header.
  reply.raw.setHeader('Connection', 'close');
  if (request.method === 'GET' || request.method === 'HEAD') {
    return reply
      .code(DRAINING_STATUS)
      .header('Retry-After', '1')
      .header('Cache-Control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send('服务正在重启，请稍后再试');
  }
});

async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  drainStartedAt = Date.now();
  app.log.info(`${signal}: closing (finishing in-flight requests)`);
  // Give in-flight requests time to finish; then the in-process API flushes batched page views and
  // closes its database pool and Redis. Never hang forever.
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  try {
    const drainMax = Math.min(DRAIN_MAX_MS, config.shutdownTimeoutMs / 2);
    while (Date.now() - drainStartedAt < drainMax && !drained(Date.now())) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
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
if (metrics && config.metricsPort) {
  // Internal only: 127.0.0.1, never behind nginx. A port still held (a worker being replaced) costs
  // the metrics, never the pages.
  try {
    (await startMetricsServer(metrics, config.metricsPort)).unref();
    app.log.info(`metrics on http://127.0.0.1:${config.metricsPort}/metrics`);
  } catch (error) {
    app.log.warn({ err: error }, `metrics: cannot listen on 127.0.0.1:${config.metricsPort}`);
  }
}
