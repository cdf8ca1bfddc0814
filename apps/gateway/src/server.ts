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

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing (finishing in-flight requests)`);
  // Give in-flight requests time to finish (Fastify answers new ones 503 and closes idle
  // keep-alive sockets); then the in-process API flushes batched page views and closes its
  // database pool and Redis. Never hang forever.
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  try {
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
