import fs from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  // app.js: buildApp for the gateway (package export "."); server.js: the API alone.
  entry: { app: 'src/app.ts', server: 'src/server.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  splitting: true,
  // The shared @portal packages are TypeScript sources: bundle them (the migrations are plain
  // imports, so they are in the bundle too). Dependencies of package.json (better-sqlite3, pg,
  // ioredis, fastify…) stay external, as tsup does by default, and resolve from node_modules.
  noExternal: [/^@portal\//],
  // The seed's shipped media (see src/seed/assets.ts) travel with the bundle.
  async onSuccess() {
    fs.cpSync('src/seed/assets', 'dist/seed-assets', { recursive: true });
  },
});
