import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks the signature against them, like S3 does. */
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface LocalS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  /** The folder s3rver keeps its objects in (a bucket is a sub-folder). */
  directory: string;
  /** `s3://<bucket>/<prefix>?endpoint=…&region=…` for STORAGE_URL. */
  storageUrl(bucket: string, prefix?: string): string;
  close(): Promise<void>;
}

/** An S3-compatible server (s3rver) on a free port, with the named buckets, its files in a temporary folder. */
export async function startS3(buckets: string[]): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const address: AddressInfo = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    directory,
    storageUrl: (bucket, prefix = '') => `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
