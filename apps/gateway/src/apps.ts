import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { AppName } from '@portal/routes';

export type AppHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

export interface AppBundle {
  name: AppName;
  handler: AppHandler;
  /** build/client: public files at its top, hashed assets under assets/<name>/. */
  clientDir?: string;
}

export const APP_NAMES: readonly AppName[] = ['desktop', 'mobile', 'landing'];

/**
 * Loads each app's built server handler from its package export (`desktop/server` …).
 * An app that has not been built is skipped with a log line, so the others still serve.
 */
export async function loadAppBundles(log: (msg: string) => void, mode: string): Promise<AppBundle[]> {
  const require = createRequire(import.meta.url);
  const bundles: AppBundle[] = [];
  for (const name of APP_NAMES) {
    let entry: string;
    try {
      entry = require.resolve(`${name}/server`);
    } catch {
      log(`app ${name}: package export ${name}/server not resolvable; skipped`);
      continue;
    }
    if (!existsSync(entry)) {
      log(`app ${name}: ${entry} missing (run pnpm --filter ${name} build); skipped`);
      continue;
    }
    const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
    bundles.push({
      name,
      handler: createRequestHandler(build, mode),
      clientDir: path.resolve(path.dirname(entry), '../client'),
    });
  }
  return bundles;
}
