import { ConfigError } from '@portal/config';
import { buildApp } from './app';
import { loadConfig } from './config';

/** Runs the API alone (env API_PORT, default 3001); closes cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close(); // flushes page views, closes Redis and the database
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while closing');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  // A bad environment is the operator's to fix: say what is wrong, without a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
