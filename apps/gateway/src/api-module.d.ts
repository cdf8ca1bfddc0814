// The API package ships a bundled dist/app.js without declarations; this is the agreed interface (brief).
declare module 'api' {
  import type { FastifyInstance } from 'fastify';
  export function buildApp(options?: Record<string, unknown>): Promise<FastifyInstance>;
  /** Every environment variable the API reads. */
  export const API_VARIABLES: readonly string[];
}
