import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

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
