import { defineConfig } from 'vitest/config';

// Component tests run without the React Router Vite plugin (it only drives dev and build).
export default defineConfig({
  test: {
    include: ['app/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['app/test/setup.ts'],
    // A generous bound, not a timing check: Ant Design pages are slow to render in jsdom.
    testTimeout: 180_000,
  },
});
