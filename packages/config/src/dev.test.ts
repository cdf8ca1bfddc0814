import { describe, expect, it } from 'vitest';
import { DEV_API_URL, devServer } from './dev.js';

describe('devServer (pnpm dev)', () => {
  it('points a dev server and its loaders at the watched API by default', () => {
    const env: Record<string, string | undefined> = {};
    const server = devServer(8081, env);
    expect(server).toEqual({
      port: 8081,
      strictPort: true,
      proxy: { '/api': DEV_API_URL, '/admin/api': DEV_API_URL },
    });
    // Loaders read API_URL (serverApi's HTTP fallback) in the same process.
    expect(env.API_URL).toBe('http://127.0.0.1:3001');
  });

  it('keeps an API_URL the developer gave (a running portal)', () => {
    const env: Record<string, string | undefined> = { API_URL: 'http://127.0.0.1:8080' };
    expect(devServer(8084, env).proxy['/admin/api']).toBe('http://127.0.0.1:8080');
    expect(env.API_URL).toBe('http://127.0.0.1:8080');
  });
});
