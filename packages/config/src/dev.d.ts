/** The API `pnpm dev` runs (apps/api in watch mode on API_PORT's default). */
export declare const DEV_API_URL: string;

/** Vite `server` options of one app's dev server; sets env.API_URL for its loaders when unset. */
export declare function devServer(
  port: number,
  env?: Record<string, string | undefined>,
): { port: number; strictPort: true; proxy: Record<string, string> };
