import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../core/errors.js';
import { deriveImage } from '../site/images.js';
import type { HandedPublish, PublishInput } from './build.js';
import { own, unpack, type BuildReply, type BuildRequest, type DeriveReply } from './compile-protocol.js';

/**
 * The publish's compile thread (issue 31: a hosted page's p99 while a thousand pages publish). Rendering,
 * zipping and hashing a large site held the event loop for up to a few hundred milliseconds at a time
 * (a blog index of a thousand posts is one render; its garbage collections are the server's), however
 * finely it was sliced. Here it runs in a worker thread at a lower CPU priority with a heap of its own,
 * and the server only reads inputs before and writes the deploy after. One thread, started at the
 * first publish and kept (idle, it never keeps the process alive); builds sent meanwhile share it.
 */

/** The built server runs compile-worker.js beside its chunks; from the sources, the .ts through tsx. */
function spawn(): Worker {
  const fromSources = import.meta.url.endsWith('.ts');
  if (!fromSources) return new Worker(new URL('./compile-worker.js', import.meta.url));
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./compile-worker.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, {
    eval: true,
  });
}

class CompileThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, { resolve(built: HandedPublish): void; reject(error: Error): void }>();
  private next = 0;

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn();
    worker.on('message', (reply: BuildReply) => this.receive(worker, reply));
    worker.on('error', (error: unknown) => this.stopped(worker, error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', (code) => this.stopped(worker, new Error(`the compile thread stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }

  private receive(worker: Worker, reply: BuildReply): void {
    if (reply.type === 'derive') {
      const bytes = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
      deriveImage(bytes, reply.derivation).then(
        (derived) => worker.postMessage({ type: 'derived', job: reply.job, bytes: own(derived) } satisfies DeriveReply),
        (error: unknown) => worker.postMessage({ type: 'derived', job: reply.job, error: String(error) } satisfies DeriveReply),
      );
      return;
    }
    const waiter = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) worker.unref();
    if (!waiter) return;
    if (reply.type === 'done') return waiter.resolve(unpack(reply));
    const { message, name, status, code, info } = reply.error;
    const error =
      status !== undefined && code !== undefined ? new AppError(status, code, message, info) : Object.assign(new Error(message), { name });
    waiter.reject(error);
  }

  /** The thread died (out of memory, a crash): its builds fail, and the next build starts a new one. */
  private stopped(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const [, waiter] of this.waiting) waiter.reject(error);
    this.waiting.clear();
  }

  build(input: PublishInput): Promise<HandedPublish> {
    const worker = this.start();
    const id = ++this.next;
    const { deriveImage: _derive, ...rest } = input;
    // Busy, the thread keeps the process alive until its answer.
    worker.ref();
    return new Promise<HandedPublish>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ type: 'build', id, input: rest } satisfies BuildRequest);
    });
  }
}

const thread = new CompileThread();

/** A publish's zip, list and deploy files, made in the compile thread. */
export const buildInThread = (input: PublishInput): Promise<HandedPublish> => thread.build(input);
