import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3Storage } from '../src/platform/storage-s3.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A real S3 endpoint on 127.0.0.1 (s3rver) with one bucket, and our S3 storage pointed at it. */
export async function startS3(bucket = 'image-lab') {
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: fs.mkdtempSync(path.join(os.tmpdir(), 'image-lab-s3-')),
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  const storage = new S3Storage({
    bucket,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return { storage, close: () => server.close() };
}
