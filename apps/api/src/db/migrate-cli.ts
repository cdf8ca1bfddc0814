import { loadToolConfig } from '../config';
import { migrate, openDb } from './index';

/**
 * `pnpm migrate`: runs every pending migration on the server's database (DATABASE_URL when set,
 * else DATA_DIR/portal.db) and nothing else: no seed. `npm run start:prod` runs it once as its
 * release step, before any worker starts; the servers' own migration on start then finds nothing to do.
 */
async function main(): Promise<void> {
  const config = loadToolConfig();
  const database = openDb(config);
  const began = Date.now();
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `${config.dataDir}/portal.db`;
  console.log(`migrate: ${where} is up to date (${Date.now() - began} ms)`);
}

main().catch((error: unknown) => {
  console.error(`migrate failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
