import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { server: 'src/server.ts', prod: 'src/prod/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  clean: true,
  sourcemap: true,
  // The shared @portal packages are TypeScript sources: bundle them. Everything else (the api,
  // the built apps, fastify, react-router) stays an import resolved from node_modules at run time.
  noExternal: [/^@portal\//],
  external: ['api', 'desktop/server', 'mobile/server', 'landing/server'],
});
