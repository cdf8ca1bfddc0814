import type { S3StorageSettings } from '@portal/config';
import { LocalFileStore } from './local';
import type { FileStore } from './types';

export { copyFiles, publishSeededFiles } from './copy';
export { LocalFileStore } from './local';
export * from './types';

/** The configured store: the S3-compatible one when STORAGE_URL is set, DATA_DIR otherwise. */
export async function openFileStore(config: {
  dataDir: string;
  storage?: S3StorageSettings;
}): Promise<FileStore> {
  if (!config.storage) return new LocalFileStore(config.dataDir);
  // The AWS SDK (about 20 MB resident) is loaded only by a portal that stores in S3.
  const { S3FileStore } = await import('./s3');
  const store = new S3FileStore(config.storage);
  await store.ensureBucket();
  return store;
}
