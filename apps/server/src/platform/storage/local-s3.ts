import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3FileStore } from './s3-file-store';

export interface LocalS3 {
  store: S3FileStore;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/**
 * For tests: s3rver, a local server that speaks S3's REST protocol and keeps objects in a temporary
 * folder, with an S3FileStore on one bucket of it. The real AWS SDK signs and sends real requests,
 * and objects are read back over plain HTTP, as a browser loads them.
 */
export async function startLocalS3(bucket: string): Promise<LocalS3> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const store = new S3FileStore({
    bucket,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    publicUrl: `${endpoint}/${bucket}/`,
  });
  return {
    store,
    endpoint,
    bucket,
    async close() {
      await store.close();
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
