import type { S3Credentials, StorageSpec } from '../engines/storage.js';
import type { CompiledFile, PublishInput } from './build.js';
import type { DeployFile, StoredCopies } from './deploy-files.js';

/**
 * The messages between the server and the publish's compile thread. The thread renders, zips and
 * hashes the site, and writes the deploy's files and the zip to the instance's storage itself: the
 * server gets the manifest (paths, hashes, sizes), never the bytes. It keeps the build's files until
 * the server releases it, for the two writes that come after the deploy's row (the blobs a concurrent
 * publish pruned meanwhile, and the site's S3 target).
 */

/** Where a build is stored: the instance's store, the site, the zip's key, and the files the site's kept deploys hold. */
export interface StoreRequest {
  storage: StorageSpec;
  siteId: string;
  zipKey: string;
  known: StoredCopies[];
}

/** What the server gets of a build, stored. */
export interface StoredBuild {
  /** The deploy's files with their copies' sizes. */
  files: DeployFile[];
  /** The compiled files, as the publish's answer lists them. */
  list: CompiledFile[];
  md5: string;
  zipSize: number;
}

/** A site's S3 publish target. */
export interface TargetSpec {
  url: string;
  credentials: S3Credentials | null;
}

/** What each request is answered with. */
export interface Answers {
  build: StoredBuild;
  rewrite: StoredCopies[];
  target: null;
}

export type ThreadRequest =
  | { type: 'build'; id: number; input: Omit<PublishInput, 'deriveImage'>; store: StoreRequest }
  /** Writes again these blobs of a build (another publish pruned them). */
  | { type: 'rewrite'; id: number; build: number; hashes: string[] }
  /** Writes a build to an S3 target as deploy `number`, then names it current there. */
  | { type: 'target'; id: number; build: number; target: TargetSpec; number: number; kept: number };

/** Server → thread. */
export type ToThread =
  | ThreadRequest
  /** The server is done with a build: the thread drops its bytes. */
  | { type: 'release'; build: number }
  /** The answer to a `derive`. */
  | { type: 'derived'; job: number; bytes: Uint8Array; error?: undefined }
  | { type: 'derived'; job: number; error: string };

export interface BuildFailure {
  message: string;
  name: string;
  status?: number;
  code?: string;
  info?: unknown;
}

/** Thread → server. */
export type FromThread =
  | { type: 'answer'; id: number; value: Answers[keyof Answers] }
  | { type: 'failed'; id: number; error: BuildFailure }
  /** A derived image, asked of the server (sharp stays loaded there, once). */
  | { type: 'derive'; job: number; bytes: Uint8Array; derivation: { width?: number; quality?: number; gray?: boolean } };

/**
 * Bytes to post to a thread: a view of part of a larger buffer (a slice of Node's pool) is copied
 * first, since posting a view clones its whole buffer.
 */
export function own(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
}

/** An error as the thread can send it (its `info` only when it survives JSON). */
export function failure(error: unknown): BuildFailure {
  const e = (error ?? {}) as { message?: unknown; name?: unknown; status?: unknown; code?: unknown; info?: unknown };
  let info: unknown;
  try {
    info = e.info === undefined ? undefined : JSON.parse(JSON.stringify(e.info));
  } catch {
    info = undefined;
  }
  return {
    message: String(e.message ?? error),
    name: String(e.name ?? 'Error'),
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(info !== undefined ? { info } : {}),
  };
}
