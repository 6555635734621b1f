import crypto from 'node:crypto';
import { typeOf } from './content-types.js';

/**
 * A deploy's files as they are stored (decision 0080): content hashes, sizes, and the pages with their
 * references pinned to the deploy's own files. Pure, with no database: the publish's compile thread
 * (build.ts) makes them, and DeployStore writes them.
 */

/** One file of a deploy: its path in the output, the hash of its bytes, its size, and its precompressed sizes. */
export interface DeployFile {
  path: string;
  hash: string;
  size: number;
  br: number | null;
  gz: number | null;
}

/** A file ready to store: its bytes, and the compressed copies worth keeping. */
export interface Prepared {
  file: DeployFile;
  bytes: Buffer;
  /** Its brotli and gzip copies worth keeping, when the compile thread made them (a file no kept deploy had). */
  copies?: Copies;
}

export interface Copies {
  br: Buffer | null;
  gz: Buffer | null;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg\+xml)/;
/** Below this a compressed copy saves less than its headers cost. */
const COMPRESS_FROM = 512;

/** Whether a file gets precompressed copies: text of some size. */
export const compressible = (path: string, bytes: Buffer) => bytes.length >= COMPRESS_FROM && COMPRESSIBLE.test(typeOf(path));

/** The copies worth keeping: one that saves under a tenth is not worth a second request path. */
export function worthKeeping(bytes: Buffer, copies: { br: Buffer; gz: Buffer }): Copies {
  const worth = (c: Buffer) => c.length < bytes.length * 0.9;
  return { br: worth(copies.br) ? copies.br : null, gz: worth(copies.gz) ? copies.gz : null };
}

/** 128 bits of SHA-256: the content address of a file, and (its first 16 digits) the version in a hashed URL. */
const hashOf = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 32);
export const VERSION_DIGITS = 16;

/**
 * The pages name the deploy's own stylesheet, scripts and files with `?v=<hash>`: the hosting answers
 * such an address from the deploy that has that version, so a page served just before a switch still
 * gets its own CSS after it (no mixed deploys), and browsers may keep those files for good.
 */
export function pinReferences(html: string, versions: Map<string, string>): string {
  return html.replace(/(\s(?:href|src)=")(\/[^"?#]*)(")/g, (whole, before: string, path: string, after: string) => {
    let name: string;
    try {
      name = decodeURI(path.slice(1));
    } catch {
      return whole;
    }
    const version = versions.get(name);
    return version ? `${before}${path}?v=${version}${after}` : whole;
  });
}

/** The storage key of a blob of a site (and of its precompressed copies). */
export const blobKey = (siteId: string, hash: string, encoding: '' | 'br' | 'gz' = '') =>
  `hosting/${siteId}/${hash}${encoding ? `.${encoding}` : ''}`;

/** A stored file's hash with the sizes of its compressed copies (null where none is kept). */
export type StoredCopies = [hash: string, br: number | null, gz: number | null];

const WRITES_AT_ONCE = 16;

/** Runs the work over the items sixteen at a time (storage writes and removals). */
export async function inBatches<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += WRITES_AT_ONCE) await Promise.all(items.slice(i, i + WRITES_AT_ONCE).map(work));
}

/** Gives the event loop back every few milliseconds of a long loop (the server answers visitors meanwhile). */
export function slicer(ms = 8): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** The files of a compile as a deploy's manifest: hashes, sizes, and the pages' pinned references. */
export async function prepare(files: Map<string, string | Buffer>): Promise<Prepared[]> {
  const pause = slicer();
  const out: Prepared[] = [];
  const versions = new Map<string, string>();
  const pages: [string, string][] = [];
  for (const [path, content] of files) {
    await pause();
    if (path.endsWith('.html') && typeof content === 'string') {
      pages.push([path, content]);
      continue;
    }
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const hash = hashOf(bytes);
    versions.set(path, hash.slice(0, VERSION_DIGITS));
    out.push({ file: { path, hash, size: bytes.length, br: null, gz: null }, bytes });
  }
  for (const [path, html] of pages) {
    await pause();
    const bytes = Buffer.from(pinReferences(html, versions));
    out.push({ file: { path, hash: hashOf(bytes), size: bytes.length, br: null, gz: null }, bytes });
  }
  return out.sort((a, b) => a.file.path.localeCompare(b.file.path));
}
