import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Schemas and the transport must work in Node; files that need a browser opt in with
    // a `@vitest-environment jsdom` comment.
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
