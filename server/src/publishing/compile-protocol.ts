import type { BuiltPublish, CompiledFile, HandedPublish, PublishInput } from './build.js';
import type { DeployFile } from './deploy-files.js';

/**
 * The messages between the server and the publish's compile thread. The thread's answer carries the
 * bytes the server stores (the deploy's files and their compressed copies, the zip) in one buffer that
 * is moved, not copied, with an index of [offset, length] per file: the server's event loop takes it at
 * once, however large the site.
 */

/** Server → thread: compile this (the image derivation is asked back of the server). */
export interface BuildRequest {
  type: 'build';
  id: number;
  input: Omit<PublishInput, 'deriveImage'>;
}

/** Server → thread: the answer to a `derive`. */
export type DeriveReply =
  { type: 'derived'; job: number; bytes: Uint8Array; error?: undefined } | { type: 'derived'; job: number; error: string };

type Span = [offset: number, length: number];

export interface PackedBuild {
  type: 'done';
  id: number;
  buffer: ArrayBuffer;
  /** Each deploy file, with its compressed copies when the thread made them. */
  prepared: [file: DeployFile, span: Span, br?: Span | null, gz?: Span | null][];
  zip: Span;
  md5: string;
  list: CompiledFile[];
}

export interface BuildFailure {
  message: string;
  name: string;
  status?: number;
  code?: string;
  info?: unknown;
}

/** Thread → server. */
export type BuildReply =
  | PackedBuild
  | { type: 'failed'; id: number; error: BuildFailure }
  | { type: 'derive'; job: number; bytes: Uint8Array; derivation: { width?: number; quality?: number; gray?: boolean } };

/** The build as one buffer (to transfer) and its index. */
export function pack(id: number, built: BuiltPublish | HandedPublish): { reply: PackedBuild; transfer: ArrayBuffer[] } {
  // Copies two files share (the same bytes) are packed once.
  const copies = new Set<Buffer>();
  for (const p of built.prepared) for (const c of [p.copies?.br, p.copies?.gz]) if (c) copies.add(c);
  const total =
    built.prepared.reduce((sum, p) => sum + p.bytes.length, 0) + [...copies].reduce((sum, c) => sum + c.length, 0) + built.zip.length;
  const buffer = new ArrayBuffer(total);
  const view = new Uint8Array(buffer);
  let at = 0;
  const put = (bytes: Uint8Array): Span => {
    view.set(bytes, at);
    const span: Span = [at, bytes.length];
    at += bytes.length;
    return span;
  };
  const placed = new Map<Buffer, Span>();
  const spanOf = (copy: Buffer | null): Span | null => {
    if (!copy) return null;
    let span = placed.get(copy);
    if (!span) placed.set(copy, (span = put(copy)));
    return span;
  };
  const reply: PackedBuild = {
    type: 'done',
    id,
    buffer,
    prepared: built.prepared.map((p) =>
      p.copies ? [p.file, put(p.bytes), spanOf(p.copies.br), spanOf(p.copies.gz)] : [p.file, put(p.bytes)],
    ),
    zip: put(built.zip),
    md5: built.md5,
    list: built.list,
  };
  return { reply, transfer: [buffer] };
}

/** The build again, its bytes as views of the one buffer. */
export function unpack(reply: PackedBuild): HandedPublish {
  const bytes = ([offset, length]: Span) => Buffer.from(reply.buffer, offset, length);
  return {
    prepared: reply.prepared.map(([file, span, br, gz]) => ({
      file,
      bytes: bytes(span),
      ...(br !== undefined ? { copies: { br: br ? bytes(br) : null, gz: gz ? bytes(gz) : null } } : {}),
    })),
    zip: bytes(reply.zip),
    md5: reply.md5,
    list: reply.list,
  };
}

/**
 * Bytes to post to a thread: a view of part of a larger buffer (a file of the packed build, a slice of
 * Node's pool) is copied first, since posting a view clones its whole buffer.
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
