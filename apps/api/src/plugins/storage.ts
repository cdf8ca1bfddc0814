import fp from 'fastify-plugin';
import type { ApiConfig } from '../config';
import { openFileStore, type FileStore } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads and private files live (lib/storage): DATA_DIR or the STORAGE_URL bucket. */
    fileStore: FileStore;
  }
}

export default fp<{ config: ApiConfig }>(
  async (app, { config }) => {
    const store = await openFileStore(config);
    app.decorate('fileStore', store);
    app.addHook('onClose', async () => store.close());
    app.log.info(`file store: ${store.kind}`);
  },
  { name: 'storage' },
);
