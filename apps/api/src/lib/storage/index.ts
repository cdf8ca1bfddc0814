import type { S3StorageSettings } from '@portal/config';
import { LocalFileStore } from './local';
import { S3FileStore } from './s3';
import type { FileStore } from './types';

export { LocalFileStore } from './local';
export * from './types';

/** The configured store: the S3-compatible one when STORAGE_URL is set, DATA_DIR otherwise. */
export async function openFileStore(config: {
  dataDir: string;
  storage?: S3StorageSettings;
}): Promise<FileStore> {
  if (!config.storage) return new LocalFileStore(config.dataDir);
  const store = new S3FileStore(config.storage);
  await store.ensureBucket();
  return store;
}
