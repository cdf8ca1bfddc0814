import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Each file builds one app (and, with DATABASE_URL, one PostgreSQL database) in beforeAll.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
