import fp from 'fastify-plugin';
import type { ApiConfig } from '../config';
import { createDecodeQueue, type DecodeQueue } from '../lib/decode-queue';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's gate of uploaded-image decodes (avatars, editor and media library images). */
    imageDecodes: DecodeQueue;
  }
}

export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    app.decorate<DecodeQueue>(
      'imageDecodes',
      createDecodeQueue({ concurrency: config.imageDecodeConcurrency, maxWaiting: config.imageDecodeQueue }),
    );
  },
  { name: 'image-decodes' },
);
