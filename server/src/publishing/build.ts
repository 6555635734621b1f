import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Zip, ZipPassThrough } from 'fflate';
import type { SiteDoc } from '../model/document.js';
import { compileSite } from '../render/index.js';
import type { CompileOptions } from '../render/compiled.js';
import { templatePictures } from '../templates/assets.js';
import { compressNow } from './compress.js';
import { compressible, prepare, slicer, worthKeeping, type Copies, type Prepared } from './deploy-files.js';

/**
 * What a publish makes of a site document, with no database and no storage: the compiled files (with
 * the template pictures they show), the zip with its MD5, the list the answer carries, and the files
 * as a deploy stores them. It runs in the publish's compile thread (compile-worker.ts), so that a
 * thousand pages are rendered, zipped, hashed and stored beside the server's event loop, not on it.
 */

/** The zip's deflate level (zlib's default, as yazl used). */
const ZIP_LEVEL = 6;

export interface CompiledFile {
  path: string;
  size: number;
}

export interface BuiltPublish {
  files: Map<string, string | Buffer>;
  zip: Buffer;
  md5: string;
  list: CompiledFile[];
  prepared: Prepared[];
}

/** What the compile thread is given: the document and everything the compile reads besides it. */
export type PublishInput = Pick<CompileOptions, 'siteId' | 'apiBase' | 'webFonts' | 'assets' | 'images' | 'deriveImage'> & {
  doc: SiteDoc;
  /** The time the zip's entries carry. */
  mtime: number;
};

/**
 * A zip entry deflated by Node's zlib at once on the calling thread: the compile thread, at its lower
 * CPU priority. (yazl deflated on libuv's thread pool, at the server's priority, beside the thread
 * answering visitors; fflate's own deflate is JavaScript, slower than zlib.)
 */
class DeflatedEntry extends ZipPassThrough {
  constructor(filename: string) {
    super(filename);
    this.compression = 8; // DEFLATE
  }

  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.ondata(null, zlib.deflateRawSync(chunk, { level: ZIP_LEVEL }), final);
  }
}

/** The zip of a compile; its entries are added in slices (each one deflated and its CRC reckoned here). */
export async function zip(files: Map<string, string | Buffer>, mtime: Date): Promise<{ bytes: Buffer; md5: string }> {
  const chunks: Uint8Array[] = [];
  // Its MD5 as it is written, a piece at a time, rather than the whole zip at once at the end.
  const md5 = crypto.createHash('md5');
  const errors: Error[] = [];
  const archive = new Zip((error, chunk) => {
    if (error) errors.push(error);
    else {
      chunks.push(chunk);
      md5.update(chunk);
    }
  });
  const pause = slicer();
  for (const [path, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    await pause();
    const entry = new DeflatedEntry(path);
    entry.mtime = mtime;
    archive.add(entry);
    entry.push(Buffer.isBuffer(content) ? content : Buffer.from(content), true);
  }
  archive.end();
  if (errors[0]) throw errors[0];
  return { bytes: Buffer.concat(chunks), md5: md5.digest('hex') };
}

/** The files with their sizes, in slices (a thousand pages' UTF-8 lengths take a while), by path. */
export async function listFiles(files: Map<string, string | Buffer>): Promise<CompiledFile[]> {
  const pause = slicer();
  const out: CompiledFile[] = [];
  for (const [path, content] of files) {
    await pause();
    out.push({ path, size: Buffer.byteLength(content) });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The site as a publish writes it (compilePublished's compile, from inputs already read). */
export async function compileFiles(input: Omit<PublishInput, 'mtime'>): Promise<Map<string, string | Buffer>> {
  const { doc, ...options } = input;
  const compiled = await compileSite(doc, options);
  for (const [path, bytes] of await templatePictures(compiled.files)) compiled.files.set(path, bytes);
  return compiled.files;
}

/**
 * A publish's files, zip, list and deploy files; the deploy files no kept deploy holds (`known`, by
 * hash) with their compressed copies.
 */
export async function buildPublish(input: PublishInput, known: ReadonlySet<string> = new Set()): Promise<BuiltPublish> {
  const { mtime, ...rest } = input;
  const files = await compileFiles(rest);
  const { bytes, md5 } = await zip(files, new Date(mtime));
  const prepared = await prepare(files);
  // The brotli and gzip copies of the files no kept deploy has (the deploy stores those only), each once.
  const made = new Map<string, Copies>();
  const pause = slicer();
  for (const p of prepared) {
    if (known.has(p.file.hash) || !compressible(p.file.path, p.bytes)) continue;
    await pause();
    let copies = made.get(p.file.hash);
    if (!copies) made.set(p.file.hash, (copies = worthKeeping(p.bytes, compressNow(p.bytes))));
    p.copies = copies;
  }
  return { files, zip: bytes, md5, list: await listFiles(files), prepared };
}
