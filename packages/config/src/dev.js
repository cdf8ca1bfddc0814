// Plain JavaScript on purpose: Vite loads an app's vite.config.ts through Node, which cannot import
// a workspace package's TypeScript source. Types are in dev.d.ts.

/**
 * `pnpm dev` (README): every app's Vite dev server, with hot reload, against the API that
 * apps/api's `dev` script runs in watch mode on API_PORT's default. API_URL points them at another
 * API instead (a running portal: `API_URL=http://127.0.0.1:8080`).
 */
export const DEV_API_URL = 'http://127.0.0.1:3001';

/** The dev server options of one app: its fixed port, and its pages' API calls proxied to the API. */
export function devServer(port, env = process.env) {
  const api = env.API_URL || DEV_API_URL;
  // Loaders and actions run inside the dev server's process; their HTTP fallback (serverApi) reads API_URL.
  env.API_URL = api;
  return {
    port,
    // A port taken by another process is an error, never a silent move to the next one.
    strictPort: true,
    // The browser calls the API on its own origin (relative /api, /admin/api), as behind the gateway.
    proxy: { '/api': api, '/admin/api': api },
  };
}
