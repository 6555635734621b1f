/**
 * The publish's compile thread (compile-thread.ts starts it): renders, zips and hashes a site given
 * its document and files, writes the deploy's new files and the zip to the instance's storage, and
 * answers with the manifest. It lowers its own CPU priority (Linux keeps a nice value per thread), so
 * the thread answering visitors comes first.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { createStorage, type Storage, type StorageSpec } from '../engines/storage.js';
import { buildPublish, type PublishInput } from './build.js';
import { failure, own, type Answers, type FromThread, type ThreadRequest, type ToThread } from './compile-protocol.js';
import { rewriteFiles, storeFiles } from './deploy-blobs.js';
import type { Prepared } from './deploy-files.js';
import { S3Target } from './s3-target.js';

const NICE = 10;

try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) os.setPriority(tid, NICE);
} catch {
  // Not Linux: the thread runs at normal priority.
}

const port = parentPort!;
const derivations = new Map<number, { resolve(bytes: Buffer): void; reject(error: Error): void }>();
let nextDerivation = 0;

/** A derived image is made by the main thread (sharp stays loaded there, once). */
function deriveImage(bytes: Buffer, derivation: { width?: number; quality?: number; gray?: boolean }): Promise<Buffer> {
  const job = ++nextDerivation;
  return new Promise<Buffer>((resolve, reject) => {
    derivations.set(job, { resolve, reject });
    port.postMessage({ type: 'derive', job, bytes: own(bytes), derivation } satisfies FromThread);
  });
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/** The instance's store, opened once per place (a folder, or an S3 client with its connections). */
const stores = new Map<string, Storage>();
function storage(spec: StorageSpec): Storage {
  const key = JSON.stringify([spec.url, spec.folder, spec.credentials?.accessKeyId ?? null]);
  let store = stores.get(key);
  // A folder is written by this thread itself, at its lower priority (not by libuv's pool, at the server's).
  if (!store) stores.set(key, (store = createStorage(spec, { onThisThread: true })));
  return store;
}

/** The builds the server has not released yet: their deploy files, and where they are stored. */
const held = new Map<number, { prepared: Prepared[]; storage: Storage; siteId: string }>();

function heldBuild(id: number) {
  const build = held.get(id);
  if (!build) throw new Error(`the compile thread holds no build ${id}`);
  return build;
}

/** Structured clone gives Uint8Arrays back; the compile expects Buffers. */
function compileInput(input: Omit<PublishInput, 'deriveImage'>): PublishInput {
  const assets = new Map([...(input.assets ?? [])].map(([name, bytes]) => [name, asBuffer(bytes)]));
  const images = new Map(
    [...(input.images ?? [])].map(([name, image]) => [
      name,
      { ...image, variants: new Map([...image.variants].map(([width, bytes]) => [width, asBuffer(bytes)])) },
    ]),
  );
  const webFonts = input.webFonts
    ? { faces: input.webFonts.faces, files: new Map([...input.webFonts.files].map(([name, bytes]) => [name, asBuffer(bytes)])) }
    : undefined;
  return { ...input, assets, images, ...(webFonts ? { webFonts } : {}), deriveImage };
}

async function answer(request: ThreadRequest): Promise<Answers[keyof Answers]> {
  switch (request.type) {
    case 'build': {
      const { store } = request;
      const known = new Map(store.known.map((copies) => [copies[0], copies]));
      const built = await buildPublish(compileInput(request.input), new Set(known.keys()));
      const to = storage(store.storage);
      // The deploy's new files, then the zip; the bytes stay here for the writes after the deploy's row.
      const files = await storeFiles(to, store.siteId, built.prepared, known);
      await to.put(store.zipKey, built.zip);
      held.set(request.id, { prepared: built.prepared, storage: to, siteId: store.siteId });
      return { files, list: built.list, md5: built.md5, zipSize: built.zip.length };
    }
    case 'rewrite': {
      const build = heldBuild(request.build);
      return rewriteFiles(build.storage, build.siteId, build.prepared, request.hashes);
    }
    case 'target': {
      const build = heldBuild(request.build);
      await new S3Target(request.target.url, request.target.credentials).publish(request.number, build.prepared, request.kept);
      return null;
    }
  }
}

port.on('message', (message: ToThread) => {
  if (message.type === 'derived') {
    const waiter = derivations.get(message.job);
    derivations.delete(message.job);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(asBuffer(message.bytes));
    return;
  }
  if (message.type === 'release') {
    held.delete(message.build);
    return;
  }
  const { id } = message;
  answer(message).then(
    (value) => port.postMessage({ type: 'answer', id, value } satisfies FromThread),
    (error: unknown) => port.postMessage({ type: 'failed', id, error: failure(error) } satisfies FromThread),
  );
});
