import { createGateway } from './gateway';
import { loadGatewayConfig } from './config';

/** `node apps/gateway/dist/server.js`: API, uploads, assets and the three apps on PORT (default 8080). */
const config = loadGatewayConfig();
const app = await createGateway(config);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: closing (finishing in-flight requests)`);
  // Give in-flight requests time to finish; never hang forever.
  const force = setTimeout(() => {
    app.log.error('shutdown timed out; exiting');
    process.exit(1);
  }, 10_000);
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

await app.listen({ port: config.port, host: config.host });
