import os from 'node:os';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import { own } from './compile-protocol.js';

/**
 * The brotli (q9) and gzip (9) copies of a deploy's text files, made off the event loop at the lowest
 * CPU priority (issue 31: a hosted page's p99 during a publish). On libuv's thread pool they ran at the
 * same priority as the thread answering visitors, and on a small machine four of them took its CPU;
 * here they run in worker threads that lower their own priority (Linux keeps a nice value per thread),
 * so they use the CPU that answering visitors leaves. Elsewhere the workers run at normal priority.
 */

const QUALITY = 9;
/** The copies' settings, for the three places they are made (a worker, the thread pool, the calling thread). */
const brotliOptions = (length: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: length },
});
const GZIP: zlib.ZlibOptions = { level: 9 };

// The worker's code as a script (no module to find, in the sources and in the bundle alike).
const SCRIPT = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  if (tid > 0) require('node:os').setPriority(tid, 19);
} catch {}
parentPort.on('message', ({ id, bytes, options }) => {
  try {
    const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const br = zlib.brotliCompressSync(input, options.br);
    const gz = zlib.gzipSync(input, options.gz);
    parentPort.postMessage({ id, br, gz });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error) });
  }
});
`;

interface Compressed {
  br: Buffer;
  gz: Buffer;
}

type Reply = { id: number; br: Uint8Array; gz: Uint8Array; error?: undefined } | { id: number; error: string };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** On the thread pool: where workers cannot start. */
async function inPool(bytes: Buffer): Promise<Compressed> {
  const [br, gz] = await Promise.all([brotli(bytes, brotliOptions(bytes.length)), gzip(bytes, GZIP)]);
  return { br, gz };
}

class Compressor {
  private workers: { worker: Worker; busy: number }[] | null = null;
  private readonly waiting = new Map<number, { resolve(c: Compressed): void; reject(e: Error): void }>();
  private next = 0;
  private broken = false;

  private start(): { worker: Worker; busy: number }[] {
    if (this.workers) return this.workers;
    const count = Math.max(1, Math.min(2, os.availableParallelism()));
    this.workers = Array.from({ length: count }, () => {
      const worker = new Worker(SCRIPT, { eval: true });
      // Idle workers never keep the process alive.
      worker.unref();
      const slot = { worker, busy: 0 };
      worker.on('message', (reply: Reply) => {
        slot.busy--;
        const waiter = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        if (!waiter) return;
        if (reply.error !== undefined) waiter.reject(new Error(reply.error));
        else
          waiter.resolve({
            br: Buffer.from(reply.br.buffer, reply.br.byteOffset, reply.br.byteLength),
            gz: Buffer.from(reply.gz.buffer, reply.gz.byteOffset, reply.gz.byteLength),
          });
      });
      worker.on('error', () => this.fail());
      worker.on('exit', () => this.fail());
      return slot;
    });
    return this.workers;
  }

  /** A worker died: what it had is done on the thread pool, and so is all that follows. */
  private fail(): void {
    this.broken = true;
    const workers = this.workers ?? [];
    this.workers = [];
    for (const { worker } of workers) void worker.terminate();
    for (const [, waiter] of this.waiting) waiter.reject(new Error('compressor stopped'));
    this.waiting.clear();
  }

  compress(bytes: Buffer): Promise<Compressed> {
    if (this.broken) return inPool(bytes);
    let workers: { worker: Worker; busy: number }[];
    try {
      workers = this.start();
    } catch {
      this.broken = true;
      return inPool(bytes);
    }
    const slot = workers.reduce((a, b) => (b.busy < a.busy ? b : a));
    const id = ++this.next;
    slot.busy++;
    return new Promise<Compressed>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Copied, not moved: the caller keeps its bytes to store them. A view of part of a larger buffer
      // (a file of a packed build, compile-protocol.ts) is copied alone: posting it would clone the whole.
      slot.worker.postMessage({ id, bytes: own(bytes), options: { br: brotliOptions(bytes.length), gz: GZIP } });
    }).catch(() => inPool(bytes));
  }
}

const compressor = new Compressor();

/** The brotli and gzip copies of a file's bytes, made at low priority off the event loop. */
export const compressCopies = (bytes: Buffer): Promise<Compressed> => compressor.compress(bytes);

/** The same copies made at once on the calling thread: for the compile thread, which is off the event loop already. */
export function compressNow(bytes: Buffer): Compressed {
  return { br: zlib.brotliCompressSync(bytes, brotliOptions(bytes.length)), gz: zlib.gzipSync(bytes, GZIP) };
}
