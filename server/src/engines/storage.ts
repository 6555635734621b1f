import crypto from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { Config } from '../config.js';
import { lazyRequire } from '../core/lazy.js';

// The AWS SDK (some 20 MB resident) loads only when STORAGE_URL names an S3 store.
const s3 = lazyRequire<typeof S3>('@aws-sdk/client-s3');

/** An inclusive byte range, as HTTP's `Range: bytes=start-end` names it. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where files go (DESIGN.md "Storage"): keys like `exports/<siteId>/<n>.zip`. A local folder by
 * default; any S3-compatible store with `STORAGE_URL=s3://bucket/prefix?…` (issue 17).
 */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The bytes, or null when there is no such file. For small files; downloads use `stream`. */
  get(key: string): Promise<Buffer | null>;
  /** The file's size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** The file's bytes (or a range of them) as a stream, never whole in memory; null when there is no such file. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** Every key under a prefix (`assets/`), in no particular order (backups walk the whole store). */
  list(prefix: string): AsyncIterable<string>;
  /** Throws when the store cannot be reached or written (the health check). */
  check(): Promise<void>;
  /** Where the files are, for the logs (never a credential). */
  readonly description: string;
}

/** Keys are made by the server, never by users; this only guards against a key leaving its place. */
function checkKey(key: string): string {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '' || part === '.' || part === '..'))
    throw new Error(`storage key escapes the store: ${key}`);
  return key;
}

function inside(root: string, key: string): string {
  const file = path.resolve(root, checkKey(key));
  if (!file.startsWith(`${path.resolve(root)}${path.sep}`)) throw new Error(`storage key escapes the folder: ${key}`);
  return file;
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * How a store writes. `onThisThread`: a folder's writes are made by the calling thread itself rather
 * than by libuv's thread pool. The publish's compile thread opens its store so: it runs at a lower CPU
 * priority than the thread answering visitors, and the pool's threads run at the server's.
 */
export interface StorageOptions {
  onThisThread?: boolean;
}

export function folderStorage(root: string, options: StorageOptions = {}): Storage {
  return {
    description: root,
    async put(key, data) {
      const file = inside(root, key);
      // Written aside and renamed, so a reader never sees half a file; the name aside is the writer's
      // own, so two writers of the same key (content-addressed files) never rename each other's.
      const aside = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      if (options.onThisThread) {
        fsSync.mkdirSync(path.dirname(file), { recursive: true });
        fsSync.writeFileSync(aside, data);
        fsSync.renameSync(aside, file);
        return;
      }
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(aside, data);
      await fs.rename(aside, file);
    },
    async get(key) {
      try {
        return await fs.readFile(inside(root, key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await fs.stat(inside(root, key))).size;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stream(key, range) {
      const file = inside(root, key);
      try {
        // Opened first, so a missing file is a null here rather than an error event mid-response.
        const handle = await fs.open(file, 'r');
        return handle.createReadStream({ autoClose: true, ...(range ? { start: range.start, end: range.end } : {}) });
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(inside(root, key), { force: true });
    },
    async *list(prefix) {
      const base = path.resolve(root);
      let names: string[];
      try {
        names = (await fs.readdir(base, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
          .map((entry) =>
            path
              .relative(base, path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name))
              .split(path.sep)
              .join('/'),
          );
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const name of names) if (name.startsWith(prefix)) yield name;
    },
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
    },
  };
}

/** Credentials of an S3-compatible store. */
export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Location {
  bucket: string;
  /** Prepended to every key, without a leading slash; empty or ending in `/`. */
  prefix: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
}

/**
 * `s3://bucket/prefix?endpoint=https://minio:9000&region=eu-west-1&pathStyle=false`. An endpoint
 * (MinIO, R2, s3rver…) defaults to path-style addressing, which every S3-compatible store speaks.
 */
export function parseStorageUrl(raw: string): S3Location {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`STORAGE_URL must look like s3://bucket/prefix?endpoint=…&region=…, got "${raw}"`);
  }
  if (url.protocol !== 's3:' || !url.hostname)
    throw new Error(`STORAGE_URL must look like s3://bucket/prefix?endpoint=…&region=…, got "${raw}"`);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+/, '').replace(/\/+$/, '');
  const endpoint = url.searchParams.get('endpoint');
  const pathStyle = url.searchParams.get('pathStyle');
  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: endpoint ? endpoint.replace(/\/+$/, '') : null,
    region: url.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: pathStyle === null ? endpoint !== null : pathStyle === 'true',
  };
}

const notThere = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * An S3-compatible store through @aws-sdk/client-s3. Credentials are the given ones, or the SDK's
 * usual chain (AWS_* variables, profiles, instance roles) when none are given.
 */
export function s3Storage(where: S3Location, credentials: S3Credentials | null = null): Storage {
  const { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } =
    s3();
  const client = new S3Client({
    region: where.region,
    ...(where.endpoint ? { endpoint: where.endpoint } : {}),
    forcePathStyle: where.forcePathStyle,
    ...(credentials ? { credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer trailing ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = where.bucket;
  const Key = (key: string) => `${where.prefix}${checkKey(key)}`;
  return {
    description: `s3://${where.bucket}/${where.prefix}${where.endpoint ? ` at ${where.endpoint}` : ''}`,
    async put(key, data) {
      // One PUT is atomic in S3: a reader sees the old object or the new one, never half of it.
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: data, ContentLength: data.length }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: Key(key) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (error) {
        if (notThere(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }))).ContentLength ?? 0;
      } catch (error) {
        if (notThere(error)) return null;
        throw error;
      }
    },
    async stream(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: Key(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        // In Node the body is the HTTP response itself: bytes flow through as the client reads them.
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (notThere(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: Key(key) }));
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${where.prefix}${prefix}`, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(where.prefix.length);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

/**
 * Where the instance's files are, as plain data: the store the configuration names, and what another
 * thread of the server (the publish's compile thread) opens the same store from.
 */
export interface StorageSpec {
  /** STORAGE_URL, or null for the folder. */
  url: string | null;
  folder: string;
  credentials: S3Credentials | null;
}

export const storageSpec = (config: Pick<Config, 'storageUrl' | 'dataDir' | 'storageCredentials'>): StorageSpec => ({
  url: config.storageUrl,
  folder: path.join(config.dataDir, 'files'),
  credentials: config.storageCredentials,
});

/** The store the configuration names: S3 with STORAGE_URL, else the folder. */
export function createStorage(spec: StorageSpec, options: StorageOptions = {}): Storage {
  return spec.url ? s3Storage(parseStorageUrl(spec.url), spec.credentials) : folderStorage(spec.folder, options);
}
