import { defineConfig } from 'vitest/config';

/** Unit and component tests; the React Router plugin is left out (it is for builds, not tests). */
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}'],
  },
});
