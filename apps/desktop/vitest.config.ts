import { defineConfig } from 'vitest/config';

// Component tests run without the React Router Vite plugin (it only drives dev and build).
export default defineConfig({
  test: { include: ['app/**/*.test.{ts,tsx}'], environment: 'jsdom' },
});
