import { defineConfig } from 'vitest/config';

// Unit and component tests run without the React Router Vite plugin (it drives dev and build only).
export default defineConfig({
  test: { include: ['app/**/*.test.{ts,tsx}'], environment: 'node' },
});
