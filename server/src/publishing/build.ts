import crypto from 'node:crypto';
import yazl from 'yazl';
import type { SiteDoc } from '../model/document.js';
import { compileSite } from '../render/index.js';
import type { CompileOptions } from '../render/compiled.js';
import { templatePictures } from '../templates/assets.js';
import { compressNow } from './compress.js';
import { compressible, prepare, slicer, worthKeeping, type Copies, type Prepared } from './deploy-files.js';

/**
 * What a publish makes of a site document, with no database and no storage: the compiled files (with
 * the template pictures they show), the zip with its MD5, the list the answer carries, and the files
 * as a deploy stores them. It runs in the publish's compile thread (compile-thread.ts), so that a
 * thousand pages are rendered, zipped and hashed beside the server's event loop, not on it.
 */

export interface CompiledFile {
  path: string;
  size: number;
}

/**
 * What the server gets of a build (the compile thread's answer): everything but the compiled files as
 * the zip holds them. The deploy's files (`prepared`) are the same paths with the pages' references
 * pinned, and are what the hosting and the S3 target store; a second copy of every page (50 MB for
 * a thousand posts) handed to the server's thread held it in garbage collection (RESULTS.md, stop 46).
 */
export type HandedPublish = Omit<BuiltPublish, 'files'>;

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
  /** The hashes of the files the site's kept deploys hold: the others get their compressed copies here. */
  known?: string[];
};

/** The zip of a compile; its entries are added in slices (each one's CRC is reckoned here). */
export async function zip(files: Map<string, string | Buffer>, mtime: Date): Promise<{ bytes: Buffer; md5: string }> {
  const archive = new yazl.ZipFile();
  const chunks: Buffer[] = [];
  // Its MD5 as it is written, a piece at a time, rather than the whole zip at once at the end.
  const md5 = crypto.createHash('md5');
  const done = new Promise<{ bytes: Buffer; md5: string }>((resolve, reject) => {
    archive.outputStream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      md5.update(chunk);
    });
    archive.outputStream.on('end', () => resolve({ bytes: Buffer.concat(chunks), md5: md5.digest('hex') }));
    archive.outputStream.on('error', reject);
  });
  const pause = slicer();
  for (const [path, content] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    await pause();
    archive.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), path, { mtime });
  }
  archive.end();
  return done;
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

/** A publish's files, zip, list and deploy files. */
export async function buildPublish(input: PublishInput): Promise<BuiltPublish> {
  const { mtime, known, ...rest } = input;
  const files = await compileFiles(rest);
  const { bytes, md5 } = await zip(files, new Date(mtime));
  const prepared = await prepare(files);
  // The brotli and gzip copies of the files no kept deploy has (the deploy stores those only), each once.
  const kept = new Set(known);
  const made = new Map<string, Copies>();
  const pause = slicer();
  for (const p of prepared) {
    if (kept.has(p.file.hash) || !compressible(p.file.path, p.bytes)) continue;
    await pause();
    let copies = made.get(p.file.hash);
    if (!copies) made.set(p.file.hash, (copies = worthKeeping(p.bytes, compressNow(p.bytes))));
    p.copies = copies;
  }
  return { files, zip: bytes, md5, list: await listFiles(files), prepared };
}
