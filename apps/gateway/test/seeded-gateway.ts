import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createGateway } from '../src/gateway';

/** The three sites and the API are built (turbo builds them before this package's tests). */
export function appsBuilt(): boolean {
  const require = createRequire(import.meta.url);
  try {
    return ['desktop', 'mobile', 'landing', 'api'].every((name) =>
      existsSync(require.resolve(name === 'api' ? 'api' : `${name}/server`)),
    );
  } catch {
    return false;
  }
}

export interface SeededGateway {
  gateway: FastifyInstance;
  /** The gateway's DATA_DIR (its SQLite database and uploads). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real gateway with the built apps and the in-process API on the demo seed, in a fresh data
 * directory (SQLite, no Redis). Every request renders: no cached page hides a failure.
 */
export async function seededGateway(name: string): Promise<SeededGateway> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  const gateway = await createGateway({
    dataDir,
    logger: false,
    microCacheMs: 0,
    apiOptions: { seed: true, logLevel: 'silent', redisUrl: '', databaseUrl: '' },
  });
  await gateway.ready();
  return {
    gateway,
    dataDir,
    close: async () => {
      await gateway.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
