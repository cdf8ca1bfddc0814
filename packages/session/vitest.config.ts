import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Storage, cookies and the provider need a browser; ssr.test.ts opts back into Node.
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
