import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageSettings } from '@portal/config';

/** A local S3-compatible server (s3rver, pure JS) on a free port, for the duration of a test file. */
export async function startS3(): Promise<{
  settings: (bucket: string) => S3StorageSettings;
  close(): Promise<void>;
}> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'api-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const { port } = await server.run();
  return {
    settings: (bucket) => ({
      kind: 's3',
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      prefix: 'portal/',
      region: 'us-east-1',
      // s3rver's fixed credential.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    }),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
