import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../core/errors.js';
import { deriveImage } from '../site/images.js';
import type { PublishInput } from './build.js';
import {
  own,
  type Answers,
  type FromThread,
  type StoreRequest,
  type StoredBuild,
  type TargetSpec,
  type ThreadRequest,
  type ToThread,
} from './compile-protocol.js';
import type { StoredCopies } from './deploy-files.js';

/**
 * The publish's compile thread (issue 31: a hosted page's p99 while a thousand pages publish). Rendering,
 * zipping and hashing a large site held the event loop for up to a few hundred milliseconds at a time
 * (a blog index of a thousand posts is one render; its garbage collections are the server's), however
 * finely it was sliced; so did taking the deploy's bytes back from the thread (85 MB for a thousand
 * posts, RESULTS.md stop 47). Here it runs in a worker thread at a lower CPU priority with a heap of its
 * own, writes the deploy's files to the storage itself, and the server reads inputs before and writes
 * the deploy's row after. One thread, started at the first publish and kept (idle, it never keeps the
 * process alive); builds sent meanwhile share it.
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

/** A build the compile thread has stored and holds until it is released. */
export interface ThreadBuild extends StoredBuild {
  /** Stores again the blobs of these hashes (another publish pruned them since); their copies' sizes. */
  rewrite(hashes: string[]): Promise<StoredCopies[]>;
  /** Writes the deploy to a site's S3 target as deploy `number`, keeping `kept` deploys there. */
  toTarget(target: TargetSpec, number: number, kept: number): Promise<void>;
  /** The thread drops the build's bytes (after the publish, whether it succeeded or not). */
  release(): void;
}

type Waiter = { resolve(value: Answers[keyof Answers]): void; reject(error: Error): void };

class CompileThread {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiter>();
  private next = 0;

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = spawn();
    worker.on('message', (reply: FromThread) => this.receive(worker, reply));
    worker.on('error', (error: unknown) => this.stopped(worker, error instanceof Error ? error : new Error(String(error))));
    worker.on('exit', (code) => this.stopped(worker, new Error(`the compile thread stopped (exit ${code})`)));
    this.worker = worker;
    return worker;
  }

  private receive(worker: Worker, reply: FromThread): void {
    if (reply.type === 'derive') {
      const bytes = Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength);
      deriveImage(bytes, reply.derivation).then(
        (derived) => worker.postMessage({ type: 'derived', job: reply.job, bytes: own(derived) } satisfies ToThread),
        (error: unknown) => worker.postMessage({ type: 'derived', job: reply.job, error: String(error) } satisfies ToThread),
      );
      return;
    }
    const waiter = this.waiting.get(reply.id);
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) worker.unref();
    if (!waiter) return;
    if (reply.type === 'answer') return waiter.resolve(reply.value);
    const { message, name, status, code, info } = reply.error;
    const error =
      status !== undefined && code !== undefined ? new AppError(status, code, message, info) : Object.assign(new Error(message), { name });
    waiter.reject(error);
  }

  /** The thread died (out of memory, a crash): its requests fail, and the next build starts a new one. */
  private stopped(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const [, waiter] of this.waiting) waiter.reject(error);
    this.waiting.clear();
  }

  private ask<K extends keyof Answers>(worker: Worker, request: ThreadRequest & { type: K }): Promise<Answers[K]> {
    // Busy, the thread keeps the process alive until its answer.
    worker.ref();
    return new Promise<Answers[K]>((resolve, reject) => {
      this.waiting.set(request.id, { resolve: resolve as Waiter['resolve'], reject });
      worker.postMessage(request satisfies ToThread);
    });
  }

  async build(input: PublishInput, store: StoreRequest): Promise<ThreadBuild> {
    const worker = this.start();
    const build = ++this.next;
    const { deriveImage: _derive, ...rest } = input;
    const stored = await this.ask(worker, { type: 'build', id: build, input: rest, store });
    // A later request to a thread that has died since fails like the build would have.
    const alive = () => {
      if (this.worker !== worker) throw new Error('the compile thread stopped');
      return worker;
    };
    return {
      ...stored,
      rewrite: async (hashes) => this.ask(alive(), { type: 'rewrite', id: ++this.next, build, hashes }),
      toTarget: async (target, number, kept) => {
        await this.ask(alive(), { type: 'target', id: ++this.next, build, target, number, kept });
      },
      release: () => {
        if (this.worker === worker) worker.postMessage({ type: 'release', build } satisfies ToThread);
      },
    };
  }
}

const thread = new CompileThread();

/**
 * A publish built and stored by the compile thread: the deploy's new files under the site's blobs and
 * the zip at `store.zipKey`; the answer is the manifest. Release it when the publish is done.
 */
export const buildInThread = (input: PublishInput, store: StoreRequest): Promise<ThreadBuild> => thread.build(input, store);
