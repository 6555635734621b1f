/**
 * The publish's compile thread (compile-thread.ts starts it): renders, zips and hashes a site given
 * its document and files, then hands the bytes back in one transferred buffer. It lowers its own CPU
 * priority (Linux keeps a nice value per thread), so the thread answering visitors comes first.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { buildPublish, type PublishInput } from './build.js';
import { failure, own, pack, type BuildReply, type BuildRequest, type DeriveReply } from './compile-protocol.js';

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
    port.postMessage({ type: 'derive', job, bytes: own(bytes), derivation } satisfies BuildReply);
  });
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

port.on('message', (message: BuildRequest | DeriveReply) => {
  if (message.type === 'derived') {
    const waiter = derivations.get(message.job);
    derivations.delete(message.job);
    if (message.error !== undefined) waiter?.reject(new Error(message.error));
    else waiter?.resolve(asBuffer(message.bytes));
    return;
  }
  const { id, input } = message;
  // Structured clone gives Uint8Arrays back; the compile expects Buffers.
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
  const full: PublishInput = { ...input, assets, images, ...(webFonts ? { webFonts } : {}), deriveImage };
  buildPublish(full).then(
    (built) => {
      const { reply, transfer } = pack(id, built);
      port.postMessage(reply, transfer);
    },
    (error: unknown) => port.postMessage({ type: 'failed', id, error: failure(error) } satisfies BuildReply),
  );
});
